import Foundation
import NotioCore
import NotioHTTP
import NotioStore

/// `notio backup` and `notio restore`: the same document as the settings page and the API, for
/// scripts and for moving between servers. They open the database directly (the server may be
/// running: SQLite's locking keeps the two apart; a restore is one transaction).
enum BackupCommand {
    /// Splits `--user`, `--output`/`--input`, `--mode`, `--dry-run`, `--files` from the settings flags.
    static func split(_ arguments: [String]) throws -> (own: [String: String], settings: [String]) {
        var own: [String: String] = [:], settings: [String] = []
        var i = 0
        let valued = ["--user", "--output", "--input", "--mode"], flags = ["--dry-run", "--files"]
        while i < arguments.count {
            let a = arguments[i]
            if valued.contains(a) {
                guard i + 1 < arguments.count else { throw ConfigurationError(description: "\(a) needs a value") }
                own[a] = arguments[i + 1]
                i += 2
            } else if flags.contains(a) {
                own[a] = "true"
                i += 1
            } else {
                settings.append(a)
                i += 1
            }
        }
        return (own, settings)
    }

    static func open(_ settings: [String], email: String?) throws -> (Store, Configuration, User) {
        let (config, _) = try Configuration.load(arguments: settings, environment: ProcessInfo.processInfo.environment)
        guard let email, !email.isEmpty else { throw ConfigurationError(description: "--user EMAIL is required") }
        let store = try config.openStore()
        guard let user = try store.credentials(email: email.trimmingCharacters(in: .whitespaces).lowercased())?.user else { throw ConfigurationError(description: "no account with the email \(email)") }
        return (store, config, user)
    }

    static func backup(_ arguments: [String]) throws -> Int32 {
        let (own, settings) = try split(arguments)
        let (store, config, user) = try open(settings, email: own["--user"])
        let service = BackupService(store: store, files: try FileStorage(config: config, store: store), dataDirectory: config.dataDirectory, limits: config.accountLimits)
        let path = try service.export(owner: user, withFiles: own["--files"] != nil, at: WallClock.now())
        defer { try? FileManager.default.removeItem(atPath: path) }
        if let output = own["--output"] {
            try? FileManager.default.removeItem(atPath: output)
            try FileManager.default.moveItem(atPath: path, toPath: output)
            FileHandle.standardError.write(Data("notio backup: wrote \(output)\n".utf8))
        } else {
            guard let input = FileHandle(forReadingAtPath: path) else { return 1 }
            defer { try? input.close() }
            while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty { FileHandle.standardOutput.write(chunk) }
        }
        return 0
    }

    static func restore(_ arguments: [String]) throws -> Int32 {
        let (own, settings) = try split(arguments)
        guard let input = own["--input"] else { throw ConfigurationError(description: "--input FILE is required") }
        let mode = own["--mode"] ?? "merge"
        guard ["replace", "merge"].contains(mode) else { throw ConfigurationError(description: "--mode must be replace or merge") }
        let (store, config, user) = try open(settings, email: own["--user"])
        let service = BackupService(store: store, files: try FileStorage(config: config, store: store), dataDirectory: config.dataDirectory, limits: config.accountLimits)
        do {
            let outcome = try service.restore(file: input, owner: user, replace: mode == "replace", dryRun: own["--dry-run"] != nil)
            let counts = outcome.counts.tables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
            print("\(outcome.dryRun ? "would restore" : "restored") (\(mode)): \(counts) files=\(outcome.counts.files)")
            return 0
        } catch let e as DomainError {
            FileHandle.standardError.write(Data("notio restore: \(e.readerMessage.text(Language.of(user)))\n".utf8))
            return 1
        }
    }
}
