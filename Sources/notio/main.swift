import Foundation
import NotioApp
import NotioMedia

// The worker child must not pay for the server's start-up, so it is dispatched first.
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "worker" {
    exit(MediaWorker.main(arguments: Array(arguments.dropFirst())))
}
exit(NotioCommand.main(arguments: arguments))
