import Foundation
import NotioCatalog
import NotioHTTP
import NotioStore

/// A problem with the configuration, printed before the server starts.
public struct ConfigurationError: Error, CustomStringConvertible {
    public var description: String
}

/// The typed configuration: every value the application reads, loaded from flags, then the
/// environment, then defaults.
public struct Configuration: Sendable {
    public var host: String = declared(\.host)
    public var port: Int = declared(\.port)
    public var dataDirectory: String = declared(\.dataDirectory)
    /// Empty: SQLite in the data folder. `postgres://...`: PostgreSQL, shared by every node.
    public var databaseURL: String = declared(\.databaseURL)
    public var databasePoolSize: Int = declared(\.databasePoolSize)
    /// This node's name in job leases; empty is `hostname:port`.
    public var nodeID: String = declared(\.nodeID)
    public var jobLeaseSeconds: Int = declared(\.jobLeaseSeconds)
    /// `directory` (a folder every node mounts) or `database` (chunks in the database).
    public var fileStorage: String = declared(\.fileStorage)
    /// The files folder; empty is `files` in the data folder.
    public var filesDirectory: String = declared(\.filesDirectory)
    /// The address users reach; an https URL turns on `Secure` cookies.
    public var publicURL: String = declared(\.publicURL)
    /// Where the static files (css, js, icons) are.
    public var publicDirectory: String = declared(\.publicDirectory)
    public var seedDemo: Bool = declared(\.seedDemo)
    /// Reverse proxies whose `X-Forwarded-For` names the client; every per-address limit uses it.
    public var trustedProxies: TrustedProxies = declared(\.trustedProxies)
    /// Sign-ins and sign-ups that may wait for a password check; one more is answered 503.
    public var loginQueue: Int = declared(\.loginQueue)
    /// Sign-ups per hour from one address.
    public var signupsPerHour: Int = declared(\.signupsPerHour)
    /// Email availability look-ups per minute from one address.
    public var emailLookupsPerMinute: Int = declared(\.emailLookupsPerMinute)
    public var threads: Int = declared(\.threads)
    /// Seconds a connection may take to send a request's headers; 0 = no limit.
    public var headersTimeoutSeconds: Int = declared(\.headersTimeoutSeconds)
    /// The slowest a request's body may arrive, over each stretch of `headersTimeoutSeconds`.
    public var minBodyBytesPerSecond: Int = declared(\.minBodyBytesPerSecond)
    public var sessionDays: Int = declared(\.sessionDays)
    public var maxUploadBytes: Int = declared(\.maxUploadBytes)
    public var maxBooksPerAccount: Int = declared(\.maxBooksPerAccount)
    public var maxSentencesPerAccount: Int = declared(\.maxSentencesPerAccount)
    public var maxStoredMBPerAccount: Int = declared(\.maxStoredMBPerAccount)
    public var logRequests: Bool = declared(\.logRequests)
    public var sqlTrace: String = declared(\.sqlTrace)
    public var aiProvider: String = declared(\.aiProvider)
    public var geminiAPIKey: String = declared(\.geminiAPIKey)
    public var geminiModel: String = declared(\.geminiModel)
    public var geminiBaseURL: String = declared(\.geminiBaseURL)
    public var openAIBaseURL: String = declared(\.openAIBaseURL)
    public var openAIAPIKey: String = declared(\.openAIAPIKey)
    public var openAIModel: String = declared(\.openAIModel)
    public var aladinKey: String = declared(\.aladinKey)
    public var catalogProviders: String = declared(\.catalogProviders)
    public var aladinBaseURL: String = declared(\.aladinBaseURL)
    public var openLibraryBaseURL: String = declared(\.openLibraryBaseURL)
    public var openLibraryCoversURL: String = declared(\.openLibraryCoversURL)
    /// Covers may be downloaded from private addresses (an intranet catalog; the tests' fakes).
    public var coversFromPrivateHosts: Bool = declared(\.coversFromPrivateHosts)
    public var catalogTimeoutSeconds: Int = declared(\.catalogTimeoutSeconds)
    public var maxPhotoBytes: Int = declared(\.maxPhotoBytes)
    public var photoMaxMegapixels: Int = declared(\.photoMaxMegapixels)
    public var ocrTimeoutSeconds: Int = declared(\.ocrTimeoutSeconds)
    public var ocrWorkers: Int = declared(\.ocrWorkers)
    public var pdfMaxPages: Int = declared(\.pdfMaxPages)
    public var pdfTimeoutSeconds: Int = declared(\.pdfTimeoutSeconds)
    public var ocrMinChars: Int = declared(\.ocrMinChars)
    /// Pages of a scanned PDF recognised at once; 0 = one per core.
    public var ocrThreads: Int = declared(\.ocrThreads)
    public var jobWorkers: Int = declared(\.jobWorkers)
    /// Jobs one reader may have waiting; the next upload is refused until one starts.
    public var maxQueuedJobsPerReader: Int = declared(\.maxQueuedJobsPerReader)
    /// The `notio-worker` binary; empty means the one beside this binary.
    public var workerExecutable: String = declared(\.workerExecutable)
    /// mecab-ko-dic for the worker's Korean tagger; empty means `.cache/mecab-ko-dic` found by
    /// `KoreanDictionary.resolve`.
    public var koreanDictionary: String = declared(\.koreanDictionary)
    public var koreanModel: String = declared(\.koreanModel)

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
        SQLTrace.record(to: sqlTrace)
        return try Store(directory: dataDirectory, databaseURL: databaseURL, poolSize: databasePoolSize)
    }

    public var secureCookies: Bool { publicURL.lowercased().hasPrefix("https://") }

    /// What one account may hold.
    public var accountLimits: AccountLimits {
        AccountLimits(books: maxBooksPerAccount, sentences: maxSentencesPerAccount, storedBytes: Int64(maxStoredMBPerAccount) << 20,
                      queuedJobs: maxQueuedJobsPerReader)
    }

    /// The default of the setting that fills `property`: what a property starts as.
    static func declared<Value>(_ property: WritableKeyPath<Configuration, Value>) -> Value {
        guard let setting = settings.first(where: { $0.propertyOffset == MemoryLayout<Configuration>.offset(of: property) }), let value = setting.typedDefault as? Value else {
            preconditionFailure("a Configuration property without its setting in Configuration.settings")
        }
        return value
    }

    static func databaseURLProblem(_ value: String) -> String? {
        value.isEmpty || value.hasPrefix("postgres://") || value.hasPrefix("postgresql://") ? nil : "must start with postgres:// (or be empty for SQLite)"
    }

    static func publicURLProblem(_ value: String) -> String? {
        value.isEmpty || value.hasPrefix("http://") || value.hasPrefix("https://") ? nil : "must start with http:// or https://"
    }

    /// The table. The order is the order of `notio help`, `notio config` and docs/configuration.md.
    public static let settings: [Setting] = [
        .text("NOTIO_HOST", "127.0.0.1", \.host, nonEmpty: true,
              "address to listen on"),
        .int("NOTIO_PORT", 8080, \.port, 0...65_535,
              "port; `0` picks a free port (the server prints `listening on http://HOST:PORT`)"),
        .text("NOTIO_DATA_DIR", "./data", \.dataDirectory, nonEmpty: true,
              "the SQLite database, uploaded files, temporary files"),
        .text("NOTIO_DATABASE_URL", "", \.databaseURL, secret: true, check: databaseURLProblem, shown: "(none: SQLite)",
              "`postgres://USER:PASSWORD@HOST:5432/DB` to run on PostgreSQL (several nodes; secret, or `NOTIO_DATABASE_URL_FILE`)"),
        .int("NOTIO_DB_POOL_SIZE", 8, \.databasePoolSize, 1...256,
              "database connections a node keeps at most"),
        .text("NOTIO_FILE_STORAGE", "directory", \.fileStorage, choices: ["directory", "database"],
              "where PDFs and covers live: `directory` or `database`"),
        .text("NOTIO_FILES_DIR", "", \.filesDirectory, shown: "`DATA_DIR/files`",
              "the files folder for `directory` storage (shared by every node)"),
        .text("NOTIO_NODE_ID", "", \.nodeID, shown: "`hostname:port`",
              "this node's name in job leases"),
        .int("NOTIO_JOB_LEASE_SECONDS", 30, \.jobLeaseSeconds, 2...3600,
              "how long a node holds a job without renewing it; a dead node's job is taken over after this"),
        .text("NOTIO_PUBLIC_URL", "", \.publicURL, check: publicURLProblem,
              "the address users reach; `https://…` turns on `Secure` cookies"),
        .text("NOTIO_PUBLIC_DIR", "", \.publicDirectory, shown: "`./Public`",
              "static files (found beside the source tree when empty)"),
        .bool("NOTIO_SEED_DEMO", false, \.seedDemo, switch: true,
              "create or refresh the demo account study@notio.io / password and offer 둘러보기; only with it does the demo exist (`make run` passes it)"),
        .parsed("NOTIO_TRUSTED_PROXIES", "", \.trustedProxies, shown: "(none)", parse: { try TrustedProxies(parsing: $0) },
              "reverse proxies, as a CIDR list (`127.0.0.1/32,10.0.0.0/8`), whose `X-Forwarded-For` names the client: the right-most address in it that is not itself a trusted proxy. From anyone else the header is ignored and the peer address counts. Every per-address limit uses it; behind nginx set it, or every client counts as nginx"),
        .int("NOTIO_LOGIN_QUEUE", 32, \.loginQueue, 0...10_000,
              "sign-ins and sign-ups that may wait for a password check (two run at once, on two threads of their own); one more answers 503 `busy` with `Retry-After`"),
        .int("NOTIO_SIGNUPS_PER_HOUR", 10, \.signupsPerHour, 1...1_000_000,
              "sign-ups from one address per hour (429 `too_many_signups`)"),
        .int("NOTIO_EMAIL_LOOKUPS_PER_MINUTE", 60, \.emailLookupsPerMinute, 1...1_000_000,
              "`GET /api/v1/auth/email-available` from one address per minute (429 `too_many_lookups`)"),
        .int("NOTIO_THREADS", 2, \.threads, 1...64,
              "HTTP worker threads"),
        .int("NOTIO_HEADERS_TIMEOUT_SECONDS", 10, \.headersTimeoutSeconds, 0...3600,
              "a connection that has not sent a request's headers this many seconds after it opened (or after its previous answer) is closed; `0` = no limit"),
        .int("NOTIO_MIN_BODY_BYTES_PER_SECOND", 500, \.minBodyBytesPerSecond, 0...100_000_000,
              "a request body arriving slower than this over a stretch of `NOTIO_HEADERS_TIMEOUT_SECONDS` has its connection closed"),
        .int("NOTIO_SESSION_DAYS", 30, \.sessionDays, 1...365,
              "days a sign-in lasts"),
        .megabytes("NOTIO_MAX_UPLOAD_MB", 50, \.maxUploadBytes, 1...1024,
              "largest upload accepted"),
        .int("NOTIO_MAX_BOOKS_PER_ACCOUNT", 10_000, \.maxBooksPerAccount, 1...10_000_000,
              "most books one account may hold; one more (a book, an import, a restore) is refused with 422 `too_many_books`"),
        .int("NOTIO_MAX_SENTENCES_PER_ACCOUNT", 10_0000, \.maxSentencesPerAccount, 1...100_000_000,
              "most sentences one account may keep; 422 `too_many_sentences`"),
        .int("NOTIO_MAX_STORED_MB_PER_ACCOUNT", 2048, \.maxStoredMBPerAccount, 1...10_000_000,
              "most MB of PDFs and covers one account may store; an upload or restore past it is refused with 413 `storage_full` (a cover past it is not kept)"),
        .bool("NOTIO_LOG_REQUESTS", true, \.logRequests,
              "one log line per request: `id METHOD path status ms`"),
        .text("NOTIO_SQL_TRACE", "", \.sqlTrace, shown: "(none)",
              "a file each distinct SQL statement the store runs is added to, once per process (`make test` checks that the PostgreSQL runs ran every statement the SQLite runs did)"),
        .int("NOTIO_PDF_MAX_PAGES", 500, \.pdfMaxPages, 1...100_000,
              "most pages a PDF may have"),
        .int("NOTIO_PDF_TIMEOUT_SECONDS", 600, \.pdfTimeoutSeconds, 5...86_400,
              "longest a PDF's extraction and OCR may take"),
        .int("NOTIO_OCR_MIN_CHARS", 20, \.ocrMinChars, 0...10_000,
              "a page with less text than this (and an image) is read by OCR"),
        .int("NOTIO_OCR_THREADS", 0, \.ocrThreads, 0...64,
              "pages of a scanned PDF recognised at once, one OCR engine (~100 MB) each; `0` = one per core"),
        .int("NOTIO_JOB_WORKERS", 1, \.jobWorkers, 0...32,
              "analysis jobs run at once (each uses a core); `0` = this node runs none"),
        .int("NOTIO_MAX_QUEUED_JOBS", 3, \.maxQueuedJobsPerReader, 1...1000,
              "analysis jobs one reader may have waiting; another upload answers 429 `too_many_jobs` until one starts"),
        .text("NOTIO_WORKER_BIN", "", \.workerExecutable, shown: "(beside `notio`)",
              "the `notio-worker` binary"),
        .text("NOTIO_KOREAN_DICTIONARY", "", \.koreanDictionary, shown: "`.cache/mecab-ko-dic` (in the working directory or the source tree)",
              "the folder of mecab-ko-dic, the dictionary of the Korean morphological analyser (MeCab, run in `notio-worker`); `make run` and `make test` put it in `.cache/mecab-ko-dic` (`scripts/fetch-korean-dictionary.sh`)"),
        .text("NOTIO_KOREAN_MODEL", "", \.koreanModel, shown: "`.cache/kiwi/model` (in the working directory or the source tree)",
              "the folder of Kiwi's model, the Korean language model the offline quizzes choose a blank's options by (run in `notio-worker`); `make run` and `make test` build Kiwi and put its model in `.cache/kiwi/model` (`scripts/build-korean-model.sh`)"),
        .text("NOTIO_AI_PROVIDER", "offline", \.aiProvider, choices: ["offline", "gemini", "openai"],
              "`offline`, `gemini` or `openai`"),
        .text("GEMINI_API_KEY", "", \.geminiAPIKey, secret: true,
              "Gemini key (secret; or `GEMINI_API_KEY_FILE`)"),
        .text("GEMINI_MODEL", "gemini-2.5-flash-lite", \.geminiModel,
              "Gemini model"),
        .text("GEMINI_BASE_URL", "https://generativelanguage.googleapis.com", \.geminiBaseURL,
              "Gemini address"),
        .text("OPENAI_BASE_URL", "", \.openAIBaseURL,
              "OpenAI-compatible server, e.g. `http://127.0.0.1:11434/v1` (Ollama)"),
        .text("OPENAI_API_KEY", "", \.openAIAPIKey, secret: true,
              "its key if it needs one (secret; or `OPENAI_API_KEY_FILE`)"),
        .text("OPENAI_MODEL", "", \.openAIModel,
              "its model"),
        .text("ALADIN_TTB_KEY", "", \.aladinKey, secret: true,
              "Aladin Open API key for book search (secret; or `ALADIN_TTB_KEY_FILE`); without it Aladin is skipped"),
        .text("NOTIO_CATALOG_PROVIDERS", "aladin,openlibrary", \.catalogProviders, check: CatalogSettings.problem(providerList:),
              "book catalogs to ask, in order; `none` = manual entry only"),
        .text("NOTIO_ALADIN_URL", "http://www.aladin.co.kr/ttb/api/", \.aladinBaseURL,
              "Aladin Open API address"),
        .text("NOTIO_OPENLIBRARY_URL", "https://openlibrary.org/", \.openLibraryBaseURL,
              "Open Library address"),
        .text("NOTIO_OPENLIBRARY_COVERS_URL", "https://covers.openlibrary.org/", \.openLibraryCoversURL,
              "Open Library covers"),
        .bool("NOTIO_COVERS_PRIVATE_HOSTS", false, \.coversFromPrivateHosts,
              "allow cover downloads from private networks and this machine (an intranet catalog); link-local, multicast and other special addresses stay refused"),
        .int("NOTIO_CATALOG_TIMEOUT_SECONDS", 8, \.catalogTimeoutSeconds, 1...120,
              "longest a catalog may take"),
        .megabytes("NOTIO_MAX_PHOTO_MB", 20, \.maxPhotoBytes, 1...200,
              "largest page photo for underline capture"),
        .int("NOTIO_PHOTO_MAX_MEGAPIXELS", 40, \.photoMaxMegapixels, 1...400,
              "largest photo in pixels (checked from the header, before decoding)"),
        .int("NOTIO_OCR_TIMEOUT_SECONDS", 30, \.ocrTimeoutSeconds, 2...600,
              "longest one photo may take; the worker is killed and replaced after"),
        .int("NOTIO_OCR_WORKERS", 1, \.ocrWorkers, 1...16,
              "warm OCR worker processes for photos and cards (~100 MB each)"),
    ]

    /// Reads flags first, then the environment (`KEY`, or `KEY_FILE` for secrets), then defaults.
    public static func load(arguments: [String], environment: [String: String]) throws -> (Configuration, [String: String]) {
        var flags: [String: String] = [:]
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            // `--host=` gives the empty value, which the setting then judges.
            let (name, inline) = arg.firstIndex(of: "=").map { (String(arg[..<$0]), String(arg[arg.index(after: $0)...])) } ?? (arg, nil)
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
        var c = Configuration()
        for s in settings {
            var value = flags[s.key] ?? environment[s.key]
            if value == nil, s.secret, let file = environment[s.key + "_FILE"] {
                guard let text = try? String(contentsOfFile: file, encoding: .utf8) else {
                    throw ConfigurationError(description: "\(s.key)_FILE: cannot read \(file)")
                }
                value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            let v = value ?? s.defaultValue
            do { try s.assign(&c, v) } catch { throw ConfigurationError(description: "\(s.key) (\(s.flag)) \(error.reason): \(v)") }
            values[s.key] = v
        }
        if c.publicDirectory.isEmpty { c.publicDirectory = Self.findPublicDirectory() }
        return (c, values)
    }

    /// The settings table of docs/configuration.md (a test keeps the page equal to it).
    public static var markdownTable: String {
        (["| variable | flag | default | meaning |", "|---|---|---|---|"]
            + settings.map { "| `\($0.key)` | `\($0.flag)` | \($0.shownDefaultText) | \($0.help) |" }).joined(separator: "\n")
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
