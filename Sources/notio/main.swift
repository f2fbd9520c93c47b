import NotioApp
NotioCommand.main()
