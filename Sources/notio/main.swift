import Foundation
import NotioApp

let arguments = Array(CommandLine.arguments.dropFirst())
exit(NotioCommand.main(arguments: arguments))
