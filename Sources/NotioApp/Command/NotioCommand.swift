import CSodium
import Foundation

/// The command line: `notio serve`, `notio config`, `notio help`.
public enum NotioCommand {
    public static func main(arguments: [String]) -> Int32 {
        let command = arguments.first ?? "help"
        let rest = Array(arguments.dropFirst())
        do {
            switch command {
            case "serve": return try serve(rest)
            case "config":
                let (_, values) = try Configuration.load(arguments: rest, environment: ProcessInfo.processInfo.environment)
                print(Configuration.dump(values))
                return 0
            case "measure":
                let box = ResultBox()
                let done = DispatchSemaphore(value: 0)
                Task.detached {
                    do { box.value = .success(try await MeasureCommand.run(rest)) } catch { box.value = .failure(error) }
                    done.signal()
                }
                done.wait()
                return try box.value!.get()
            case "backup": return try BackupCommand.backup(rest)
            case "restore": return try BackupCommand.restore(rest)
            case "migrate-db": return try MigrateCommand.run(rest)
            case "reset-password": return try ResetPasswordCommand.run(rest)
            case "rebuild-stats":
                // After rows were written by hand (or by a benchmark) beside the server.
                let (config, _) = try Configuration.load(arguments: rest, environment: ProcessInfo.processInfo.environment)
                try config.openStore().rebuildActivityDays()
                return 0
            case "help", "--help", "-h":
                print(usage)
                return 0
            default:
                FileHandle.standardError.write(Data("notio: unknown command \(command)\n\n\(usage)\n".utf8))
                return 2
            }
        } catch {
            FileHandle.standardError.write(Data("notio: \(error)\n".utf8))
            return 1
        }
    }

    static var usage: String {
        var lines = ["usage: notio serve [options]    start the server", "       notio config [options]   print the settings (secrets hidden)",
                     "       notio backup  --data-dir D --user EMAIL [--output FILE] [--files]   the backup document (JSON to stdout by default; a zip with --files)",
                     "       notio restore --data-dir D --user EMAIL --input FILE [--mode replace|merge] [--dry-run]",
                     "       \(MigrateCommand.usage)",
                     "       \(ResetPasswordCommand.usage)",
                     "       notio rebuild-stats --data-dir D   the statistics' per-day sums made again from the sessions and attempts",
                     "", "options (each also an environment variable):"]
        for s in Configuration.settings {
            let help = (s.help + " [default: \(s.shownDefaultText)]").replacingOccurrences(of: "`", with: "")
            lines.append("  \(s.flag.padding(toLength: 22, withPad: " ", startingAt: 0)) \(s.key.padding(toLength: 20, withPad: " ", startingAt: 0)) \(help)")
        }
        return lines.joined(separator: "\n")
    }

    static func serve(_ arguments: [String]) throws -> Int32 {
        let (config, _) = try Configuration.load(arguments: arguments, environment: ProcessInfo.processInfo.environment)
        signal(SIGPIPE, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGINT, SIG_IGN)
        // Listened for before the start: a SIGTERM that comes while the server starts (a script
        // that stops it as soon as /healthz answers) is kept for after it, not lost to SIG_IGN.
        let done = DispatchSemaphore(value: 0)
        let sources = [SIGTERM, SIGINT].map { sig in
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { done.signal() }
            s.resume()
            return s
        }
        let app = try Application(config: config)
        try app.start()
        // The start (migrations, the demo's seeding, the route table) freed more than it keeps:
        // hand the free heap back, so that an idle server holds only what it uses.
        _ = malloc_trim(0)
        print("listening on \(app.baseURL)")
        if config.seedDemo {
            print("demo account on (--seed-demo): \(DemoData.email) / \(DemoData.password) can sign in and 둘러보기 browses it; leave the flag off on a shared server")
        }
        fflush(nil)
        done.wait()
        print("stopping: letting in-flight requests finish")
        app.stop()
        sources.forEach { $0.cancel() }
        print("stopped")
        fflush(nil)
        return 0
    }
}

/// Hands an async command's result back to the synchronous `main`.
final class ResultBox: @unchecked Sendable {
    var value: Result<Int32, Error>?
}
