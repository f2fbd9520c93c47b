import Foundation
import NotioCore
import NotioStore

/// `notio reset-password --user EMAIL [--generate]`: for a self-hosted server without mail, the
/// administrator sets a reader's password. The new password is read from standard input (one
/// line), or with `--generate` (or an empty line) made up and printed once. Every session of the
/// account ends, so whoever had it signed in must sign in again.
enum ResetPasswordCommand {
    static let usage = "notio reset-password --data-dir D --user EMAIL [--generate]   a new password from stdin (or a generated one, printed); the account's sessions end"

    static func run(_ arguments: [String]) throws -> Int32 {
        var settings: [String] = [], email: String?, generate = false
        var i = 0
        while i < arguments.count {
            switch arguments[i] {
            case "--user":
                guard i + 1 < arguments.count else { throw ConfigurationError(description: "--user needs a value") }
                email = arguments[i + 1]
                i += 2
            case "--generate": generate = true; i += 1
            default: settings.append(arguments[i]); i += 1
            }
        }
        guard let email, !email.isEmpty else { throw ConfigurationError(description: "--user EMAIL is required") }
        let (config, _) = try Configuration.load(arguments: settings, environment: ProcessInfo.processInfo.environment)
        var password = generate ? "" : (readLine(strippingNewline: true) ?? "")
        let generated = password.isEmpty
        // 24 characters of a random token: well past the minimum, easy to paste.
        if generated { password = String(Crypto.randomToken().prefix(24)) }
        do { _ = try AccountRules.newPassword(password, field: "password") } catch {
            FileHandle.standardError.write(Data("notio reset-password: the password must have at least \(AccountRules.minimumPasswordLength) characters\n".utf8))
            return 1
        }
        let store = try config.openStore()
        let accounts = AccountService(store: store, config: config, now: WallClock.now, sessions: SessionCache(),
                                      previews: RestorePreviews(store: store, dataDirectory: config.dataDirectory, limits: config.accountLimits, now: WallClock.now))
        let box = ResultBox()
        let done = DispatchSemaphore(value: 0)
        let chosen = password
        Task.detached {
            do { box.value = .success(try await accounts.resetPassword(email: email, to: chosen) == nil ? 1 : 0) } catch { box.value = .failure(error) }
            done.signal()
        }
        done.wait()
        guard try box.value!.get() == 0 else {
            FileHandle.standardError.write(Data("notio reset-password: no account with the email \(email)\n".utf8))
            return 1
        }
        if generated { print(password) }
        FileHandle.standardError.write(Data("notio reset-password: the password of \(email) was set; its sessions have ended\n".utf8))
        return 0
    }
}
