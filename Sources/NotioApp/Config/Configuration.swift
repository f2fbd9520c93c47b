import Foundation
import NotioCatalog
import NotioHTTP
import NotioStore

/// One setting of the configuration table. Its key is the environment variable; the command-line
/// flag is derived from it (`NOTIO_DATA_DIR` → `--data-dir`, `GEMINI_API_KEY` → `--gemini-api-key`).
public struct Setting: Sendable {
    public var key: String
    public var defaultValue: String
    public var help: String
    /// Redacted in `notio config`, and readable from `KEY_FILE` too.
    public var secret: Bool
    /// A switch: `--seed-demo` alone means "true".
    public var isFlag: Bool
    /// Returns a problem with the value, or nil when it is fine.
    public var validate: @Sendable (String) -> String?

    public var flag: String {
        "--" + key.replacingOccurrences(of: "NOTIO_", with: "").lowercased().replacingOccurrences(of: "_", with: "-")
    }
}

/// A problem with the configuration, printed before the server starts.
public struct ConfigurationError: Error, CustomStringConvertible {
    public var description: String
}

/// The typed configuration: every value the application reads, loaded from flags, then the
/// environment, then defaults.
public struct Configuration: Sendable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var dataDirectory = "./data"
    /// Empty: SQLite in the data folder. `postgres://...`: PostgreSQL, shared by every node.
    public var databaseURL = ""
    public var databasePoolSize = 8
    /// This node's name in job leases; empty is `hostname:port`.
    public var nodeID = ""
    public var jobLeaseSeconds = 30
    /// `directory` (a folder every node mounts) or `database` (chunks in the database).
    public var fileStorage = "directory"
    /// The files folder; empty is `files` in the data folder.
    public var filesDirectory = ""
    /// The address users reach; an https URL turns on `Secure` cookies.
    public var publicURL = ""
    /// Where the static files (css, js, icons) are.
    public var publicDirectory = ""
    public var seedDemo = false
    /// Reverse proxies whose `X-Forwarded-For` names the client; every per-address limit uses it.
    public var trustedProxies = TrustedProxies.none
    /// Sign-ins and sign-ups that may wait for a password check; one more is answered 503.
    public var loginQueue = 32
    /// Sign-ups per hour from one address.
    public var signupsPerHour = 10
    /// Email availability look-ups per minute from one address.
    public var emailLookupsPerMinute = 60
    public var threads = 2
    public var sessionDays = 30
    public var maxUploadBytes = 50 << 20
    public var maxBooksPerAccount = 10_000
    public var maxSentencesPerAccount = 100_000
    public var maxStoredMBPerAccount = 2048
    public var logRequests = true
    public var aiProvider = "offline"
    public var geminiAPIKey = ""
    public var geminiModel = "gemini-2.5-flash-lite"
    public var geminiBaseURL = "https://generativelanguage.googleapis.com"
    public var openAIBaseURL = ""
    public var openAIAPIKey = ""
    public var openAIModel = ""
    public var aladinKey = ""
    public var catalogProviders = "aladin,openlibrary"
    public var aladinBaseURL = "http://www.aladin.co.kr/ttb/api/"
    public var openLibraryBaseURL = "https://openlibrary.org/"
    public var openLibraryCoversURL = "https://covers.openlibrary.org/"
    /// Covers may be downloaded from private addresses (an intranet catalog; the tests' fakes).
    public var coversFromPrivateHosts = false
    public var catalogTimeoutSeconds = 8
    public var maxPhotoBytes = 20 << 20
    public var photoMaxMegapixels = 40
    public var ocrTimeoutSeconds = 30
    public var ocrWorkers = 1
    public var pdfMaxPages = 500
    public var pdfTimeoutSeconds = 600
    public var ocrMinChars = 20
    public var jobWorkers = 1
    /// Jobs one reader may have waiting; the next upload is refused until one starts.
    public var maxQueuedJobsPerReader = 3
    /// The `notio-worker` binary; empty means the one beside this binary.
    public var workerExecutable = ""

    public init() {}

    /// The files folder for directory storage.
    public var resolvedFilesDirectory: String {
        filesDirectory.isEmpty ? (dataDirectory as NSString).appendingPathComponent("files") : filesDirectory
    }

    /// This node's name in job leases: stable across restarts when the port is fixed, so that a
    /// node coming back after a crash gives its own jobs back at once.
    public var resolvedNodeID: String {
        if !nodeID.isEmpty { return nodeID }
        let host = ProcessInfo.processInfo.hostName
        return port != 0 ? "\(host):\(port)" : "\(host)-\(UUID().uuidString.prefix(8).lowercased())"
    }

    /// Opens the configured store.
    public func openStore() throws -> Store {
        try Store(directory: dataDirectory, databaseURL: databaseURL, poolSize: databasePoolSize)
    }

    public var secureCookies: Bool { publicURL.lowercased().hasPrefix("https://") }

    /// What one account may hold.
    public var accountLimits: AccountLimits {
        AccountLimits(books: maxBooksPerAccount, sentences: maxSentencesPerAccount, storedBytes: Int64(maxStoredMBPerAccount) << 20,
                      queuedJobs: maxQueuedJobsPerReader)
    }

    static func int(_ range: ClosedRange<Int>) -> @Sendable (String) -> String? {
        { v in Int(v).map { range.contains($0) ? nil : "must be between \(range.lowerBound) and \(range.upperBound)" } ?? "must be a whole number" }
    }
    static let any: @Sendable (String) -> String? = { _ in nil }
    static let bool: @Sendable (String) -> String? = { v in ["true", "false", "1", "0", "yes", "no"].contains(v.lowercased()) ? nil : "must be true or false" }

    /// The table: key, default, help. The order is the order of `notio config` and the README.
    public static let settings: [Setting] = [
        Setting(key: "NOTIO_HOST", defaultValue: "127.0.0.1", help: "Address to listen on", secret: false, isFlag: false, validate: { $0.isEmpty ? "must not be empty" : nil }),
        Setting(key: "NOTIO_PORT", defaultValue: "8080", help: "Port to listen on; 0 picks a free port", secret: false, isFlag: false, validate: int(0...65535)),
        Setting(key: "NOTIO_DATA_DIR", defaultValue: "./data", help: "Folder for the database and uploaded files", secret: false, isFlag: false, validate: { $0.isEmpty ? "must not be empty" : nil }),
        Setting(key: "NOTIO_DATABASE_URL", defaultValue: "", help: "postgres://user:password@host:5432/db for PostgreSQL (several nodes); empty is SQLite in the data folder", secret: true, isFlag: false,
                validate: { $0.isEmpty || $0.hasPrefix("postgres://") || $0.hasPrefix("postgresql://") ? nil : "must start with postgres:// (or be empty for SQLite)" }),
        Setting(key: "NOTIO_DB_POOL_SIZE", defaultValue: "8", help: "Database connections this node keeps open at most", secret: false, isFlag: false, validate: int(1...256)),
        Setting(key: "NOTIO_FILE_STORAGE", defaultValue: "directory", help: "Where PDFs and covers live: directory (NOTIO_FILES_DIR) or database", secret: false, isFlag: false,
                validate: { ["directory", "database"].contains($0) ? nil : "must be directory or database" }),
        Setting(key: "NOTIO_FILES_DIR", defaultValue: "", help: "Files folder for directory storage (shared by every node); empty is DATA_DIR/files", secret: false, isFlag: false, validate: any),
        Setting(key: "NOTIO_NODE_ID", defaultValue: "", help: "This node's name in job leases; empty is hostname:port", secret: false, isFlag: false, validate: any),
        Setting(key: "NOTIO_JOB_LEASE_SECONDS", defaultValue: "30", help: "How long a node holds a job without renewing it; a dead node's job is taken over after this", secret: false, isFlag: false, validate: int(2...3600)),
        Setting(key: "NOTIO_PUBLIC_URL", defaultValue: "", help: "Address users reach (https:// turns on Secure cookies)", secret: false, isFlag: false,
                validate: { $0.isEmpty || $0.hasPrefix("http://") || $0.hasPrefix("https://") ? nil : "must start with http:// or https://" }),
        Setting(key: "NOTIO_PUBLIC_DIR", defaultValue: "", help: "Folder of static files; empty finds ./Public beside the source tree", secret: false, isFlag: false, validate: any),
        Setting(key: "NOTIO_SEED_DEMO", defaultValue: "false", help: "Create or refresh the demo account study@notio.io / password", secret: false, isFlag: true, validate: bool),
        Setting(key: "NOTIO_TRUSTED_PROXIES", defaultValue: "", help: "Reverse proxies (CIDR list, e.g. 127.0.0.1/32,10.0.0.0/8) whose X-Forwarded-For names the client; empty trusts none", secret: false, isFlag: false,
                validate: { v in do { _ = try TrustedProxies(parsing: v); return nil } catch { return "\(error)" } }),
        Setting(key: "NOTIO_LOGIN_QUEUE", defaultValue: "32", help: "Sign-ins and sign-ups waiting for a password check (2 run at once); beyond it the answer is 503 busy", secret: false, isFlag: false, validate: int(0...10_000)),
        Setting(key: "NOTIO_SIGNUPS_PER_HOUR", defaultValue: "10", help: "Sign-ups per hour from one address", secret: false, isFlag: false, validate: int(1...1_000_000)),
        Setting(key: "NOTIO_EMAIL_LOOKUPS_PER_MINUTE", defaultValue: "60", help: "Email availability checks per minute from one address", secret: false, isFlag: false, validate: int(1...1_000_000)),
        Setting(key: "NOTIO_THREADS", defaultValue: "2", help: "HTTP worker threads", secret: false, isFlag: false, validate: int(1...64)),
        Setting(key: "NOTIO_SESSION_DAYS", defaultValue: "30", help: "Days a sign-in lasts", secret: false, isFlag: false, validate: int(1...365)),
        Setting(key: "NOTIO_MAX_UPLOAD_MB", defaultValue: "50", help: "Largest upload accepted, in MB", secret: false, isFlag: false, validate: int(1...1024)),
        Setting(key: "NOTIO_MAX_BOOKS_PER_ACCOUNT", defaultValue: "10000", help: "Most books one account may hold (more: 422)", secret: false, isFlag: false, validate: int(1...10_000_000)),
        Setting(key: "NOTIO_MAX_SENTENCES_PER_ACCOUNT", defaultValue: "100000", help: "Most sentences one account may keep (more: 422)", secret: false, isFlag: false, validate: int(1...100_000_000)),
        Setting(key: "NOTIO_MAX_STORED_MB_PER_ACCOUNT", defaultValue: "2048", help: "Most MB of PDFs and covers one account may store (more: 413)", secret: false, isFlag: false, validate: int(1...10_000_000)),
        Setting(key: "NOTIO_LOG_REQUESTS", defaultValue: "true", help: "One log line per request", secret: false, isFlag: false, validate: bool),
        Setting(key: "NOTIO_PDF_MAX_PAGES", defaultValue: "500", help: "Most pages a PDF may have", secret: false, isFlag: false, validate: int(1...100_000)),
        Setting(key: "NOTIO_PDF_TIMEOUT_SECONDS", defaultValue: "600", help: "Longest a PDF's text extraction and OCR may take", secret: false, isFlag: false, validate: int(5...86_400)),
        Setting(key: "NOTIO_OCR_MIN_CHARS", defaultValue: "20", help: "A page with fewer characters of text is read by OCR", secret: false, isFlag: false, validate: int(0...10_000)),
        Setting(key: "NOTIO_JOB_WORKERS", defaultValue: "1", help: "Analysis jobs run at once (each uses one core); 0 leaves jobs to other nodes", secret: false, isFlag: false, validate: int(0...32)),
        Setting(key: "NOTIO_MAX_QUEUED_JOBS", defaultValue: "3", help: "Analysis jobs one reader may have waiting; more uploads are refused (429) until one starts", secret: false, isFlag: false, validate: int(1...1000)),
        Setting(key: "NOTIO_WORKER_BIN", defaultValue: "", help: "Binary run as the isolated PDF/OCR worker; empty is this binary", secret: false, isFlag: false, validate: any),
        Setting(key: "NOTIO_AI_PROVIDER", defaultValue: "offline", help: "offline, gemini or openai", secret: false, isFlag: false,
                validate: { ["offline", "gemini", "openai"].contains($0) ? nil : "must be offline, gemini or openai" }),
        Setting(key: "GEMINI_API_KEY", defaultValue: "", help: "Gemini API key (or GEMINI_API_KEY_FILE)", secret: true, isFlag: false, validate: any),
        Setting(key: "GEMINI_MODEL", defaultValue: "gemini-2.5-flash-lite", help: "Gemini model", secret: false, isFlag: false, validate: any),
        Setting(key: "GEMINI_BASE_URL", defaultValue: "https://generativelanguage.googleapis.com", help: "Gemini API address", secret: false, isFlag: false, validate: any),
        Setting(key: "OPENAI_BASE_URL", defaultValue: "", help: "OpenAI-compatible API address, e.g. http://127.0.0.1:11434/v1", secret: false, isFlag: false, validate: any),
        Setting(key: "OPENAI_API_KEY", defaultValue: "", help: "OpenAI-compatible API key (or OPENAI_API_KEY_FILE)", secret: true, isFlag: false, validate: any),
        Setting(key: "OPENAI_MODEL", defaultValue: "", help: "OpenAI-compatible model name", secret: false, isFlag: false, validate: any),
        Setting(key: "ALADIN_TTB_KEY", defaultValue: "", help: "Aladin Open API key (or ALADIN_TTB_KEY_FILE); without it Aladin is skipped", secret: true, isFlag: false, validate: any),
        Setting(key: "NOTIO_CATALOG_PROVIDERS", defaultValue: "aladin,openlibrary", help: "Book catalogs to ask, in order (aladin, openlibrary; none = manual entry only)", secret: false, isFlag: false,
                validate: { CatalogSettings.problem(providerList: $0) }),
        Setting(key: "NOTIO_ALADIN_URL", defaultValue: "http://www.aladin.co.kr/ttb/api/", help: "Aladin Open API address", secret: false, isFlag: false, validate: any),
        Setting(key: "NOTIO_OPENLIBRARY_URL", defaultValue: "https://openlibrary.org/", help: "Open Library address", secret: false, isFlag: false, validate: any),
        Setting(key: "NOTIO_OPENLIBRARY_COVERS_URL", defaultValue: "https://covers.openlibrary.org/", help: "Open Library covers address", secret: false, isFlag: false, validate: any),
        Setting(key: "NOTIO_COVERS_PRIVATE_HOSTS", defaultValue: "false", help: "Allow cover downloads from private networks and this machine (intranet catalogs); special addresses stay refused", secret: false, isFlag: false, validate: bool),
        Setting(key: "NOTIO_CATALOG_TIMEOUT_SECONDS", defaultValue: "8", help: "Longest a catalog may take to answer", secret: false, isFlag: false, validate: int(1...120)),
        Setting(key: "NOTIO_MAX_PHOTO_MB", defaultValue: "20", help: "Largest page photo accepted for underline OCR, in MB", secret: false, isFlag: false, validate: int(1...200)),
        Setting(key: "NOTIO_PHOTO_MAX_MEGAPIXELS", defaultValue: "40", help: "Largest page photo accepted, in megapixels", secret: false, isFlag: false, validate: int(1...400)),
        Setting(key: "NOTIO_OCR_TIMEOUT_SECONDS", defaultValue: "30", help: "Longest reading one page photo may take", secret: false, isFlag: false, validate: int(2...600)),
        Setting(key: "NOTIO_OCR_WORKERS", defaultValue: "1", help: "Warm OCR worker processes for page photos (each ~100 MB)", secret: false, isFlag: false, validate: int(1...16)),
    ]

    /// Reads flags first, then the environment (`KEY`, or `KEY_FILE` for secrets), then defaults.
    public static func load(arguments: [String], environment: [String: String]) throws -> (Configuration, [String: String]) {
        var flags: [String: String] = [:]
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            let (name, inline) = arg.contains("=") ? (String(arg.split(separator: "=", maxSplits: 1)[0]), String(arg.split(separator: "=", maxSplits: 1)[1])) : (arg, nil)
            guard let setting = settings.first(where: { $0.flag == name }) else {
                throw ConfigurationError(description: "unknown option \(arg) (see notio help)")
            }
            if let inline { flags[setting.key] = inline } else if setting.isFlag { flags[setting.key] = "true" } else {
                guard i + 1 < arguments.count else { throw ConfigurationError(description: "\(name) needs a value") }
                i += 1
                flags[setting.key] = arguments[i]
            }
            i += 1
        }
        var values: [String: String] = [:]
        for s in settings {
            var value = flags[s.key] ?? environment[s.key]
            if value == nil, s.secret, let file = environment[s.key + "_FILE"] {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw ConfigurationError(description: "\(s.key)_FILE: cannot read \(file)")
                }
                value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let v = value ?? s.defaultValue
            if let problem = s.validate(v) { throw ConfigurationError(description: "\(s.key) (\(s.flag)) \(problem): \(v)") }
            values[s.key] = v
        }
        var c = Configuration()
        func b(_ k: String) -> Bool { ["true", "1", "yes"].contains(values[k]!.lowercased()) }
        c.host = values["NOTIO_HOST"]!
        c.port = Int(values["NOTIO_PORT"]!)!
        c.dataDirectory = values["NOTIO_DATA_DIR"]!
        c.publicURL = values["NOTIO_PUBLIC_URL"]!
        c.databaseURL = values["NOTIO_DATABASE_URL"]!
        c.databasePoolSize = Int(values["NOTIO_DB_POOL_SIZE"]!)!
        c.fileStorage = values["NOTIO_FILE_STORAGE"]!
        c.filesDirectory = values["NOTIO_FILES_DIR"]!
        c.nodeID = values["NOTIO_NODE_ID"]!
        c.jobLeaseSeconds = Int(values["NOTIO_JOB_LEASE_SECONDS"]!)!
        c.publicDirectory = values["NOTIO_PUBLIC_DIR"]!
        c.seedDemo = b("NOTIO_SEED_DEMO")
        c.trustedProxies = try TrustedProxies(parsing: values["NOTIO_TRUSTED_PROXIES"]!)
        c.loginQueue = Int(values["NOTIO_LOGIN_QUEUE"]!)!
        c.signupsPerHour = Int(values["NOTIO_SIGNUPS_PER_HOUR"]!)!
        c.emailLookupsPerMinute = Int(values["NOTIO_EMAIL_LOOKUPS_PER_MINUTE"]!)!
        c.threads = Int(values["NOTIO_THREADS"]!)!
        c.sessionDays = Int(values["NOTIO_SESSION_DAYS"]!)!
        c.maxUploadBytes = Int(values["NOTIO_MAX_UPLOAD_MB"]!)! << 20
        c.maxBooksPerAccount = Int(values["NOTIO_MAX_BOOKS_PER_ACCOUNT"]!)!
        c.maxSentencesPerAccount = Int(values["NOTIO_MAX_SENTENCES_PER_ACCOUNT"]!)!
        c.maxStoredMBPerAccount = Int(values["NOTIO_MAX_STORED_MB_PER_ACCOUNT"]!)!
        c.logRequests = b("NOTIO_LOG_REQUESTS")
        c.aiProvider = values["NOTIO_AI_PROVIDER"]!
        c.geminiAPIKey = values["GEMINI_API_KEY"]!
        c.geminiModel = values["GEMINI_MODEL"]!
        c.geminiBaseURL = values["GEMINI_BASE_URL"]!
        c.openAIBaseURL = values["OPENAI_BASE_URL"]!
        c.openAIAPIKey = values["OPENAI_API_KEY"]!
        c.openAIModel = values["OPENAI_MODEL"]!
        c.aladinKey = values["ALADIN_TTB_KEY"]!
        c.catalogProviders = values["NOTIO_CATALOG_PROVIDERS"]!
        c.aladinBaseURL = values["NOTIO_ALADIN_URL"]!
        c.openLibraryBaseURL = values["NOTIO_OPENLIBRARY_URL"]!
        c.openLibraryCoversURL = values["NOTIO_OPENLIBRARY_COVERS_URL"]!
        c.coversFromPrivateHosts = b("NOTIO_COVERS_PRIVATE_HOSTS")
        c.catalogTimeoutSeconds = Int(values["NOTIO_CATALOG_TIMEOUT_SECONDS"]!)!
        c.maxPhotoBytes = Int(values["NOTIO_MAX_PHOTO_MB"]!)! << 20
        c.photoMaxMegapixels = Int(values["NOTIO_PHOTO_MAX_MEGAPIXELS"]!)!
        c.ocrTimeoutSeconds = Int(values["NOTIO_OCR_TIMEOUT_SECONDS"]!)!
        c.ocrWorkers = Int(values["NOTIO_OCR_WORKERS"]!)!
        c.pdfMaxPages = Int(values["NOTIO_PDF_MAX_PAGES"]!)!
        c.pdfTimeoutSeconds = Int(values["NOTIO_PDF_TIMEOUT_SECONDS"]!)!
        c.ocrMinChars = Int(values["NOTIO_OCR_MIN_CHARS"]!)!
        c.jobWorkers = Int(values["NOTIO_JOB_WORKERS"]!)!
        c.maxQueuedJobsPerReader = Int(values["NOTIO_MAX_QUEUED_JOBS"]!)!
        c.workerExecutable = values["NOTIO_WORKER_BIN"]!
        if c.publicDirectory.isEmpty { c.publicDirectory = Self.findPublicDirectory() }
        return (c, values)
    }

    /// `Public/` in the working directory, else beside the source tree the binary was built in
    /// (`.build/release/notio` → `../../Public`).
    static func findPublicDirectory() -> String {
        let fm = FileManager.default
        let cwd = fm.currentDirectoryPath + "/Public"
        if fm.fileExists(atPath: cwd + "/css") { return cwd }
        let exe = URL(fileURLWithPath: (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var dir = exe.deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("Public").path
            if fm.fileExists(atPath: candidate + "/css") { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return cwd
    }

    /// `KEY=value` lines with secrets redacted.
    public static func dump(_ values: [String: String]) -> String {
        settings.map { s in
            let v = values[s.key] ?? ""
            return "\(s.key)=\(s.secret && !v.isEmpty ? "(set, hidden)" : v)"
        }.joined(separator: "\n")
    }
}
