// swift-tools-version:6.0
import PackageDescription

// Only the toolchain's own modules and C libraries from Debian: nothing is fetched.

// The text and image work (analysis, quiz generation, OCR layout) is optimised in debug builds
// too: unoptimised, it spends most of its time in unspecialised generic string code, and the
// test suite, which runs it on whole documents hundreds of times, took twice as long.
let optimisedEvenInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

// Kiwi's static library, built by `make` into the tree (scripts/build-korean-model.sh).
let kiwiLibrary: LinkerSetting = .unsafeFlags(["-L", Context.packageDirectory + "/.cache/kiwi/lib"])

let package = Package(
    name: "Notio",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "notio", targets: ["notio"]),
        .executable(name: "notio-worker", targets: ["notio-worker"]),
    ],
    targets: [
        // C libraries from Debian, each behind a module map and a shim header.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CPostgres", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract", providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CZip", pkgConfig: "libzip", providers: [.apt(["libzip-dev"])]),
        // Debian's MeCab has no pkg-config file: the module map links it by name.
        .systemLibrary(name: "CMeCab", providers: [.apt(["libmecab-dev"])]),
        // Kiwi is on no Debian: scripts/build-korean-model.sh builds it into .cache/kiwi (see `kiwiLibrary`).
        .systemLibrary(name: "CKiwi"),

        // Portable domain values and pure logic: Foundation only, no I/O.
        .target(name: "NotioCore", swiftSettings: optimisedEvenInDebug),
        // Byte formats from Debian's libraries: SHA-256 (libsodium), CRC-32 (zlib), reading
        // untrusted zips (libzip), the streaming zip writer, the import fingerprint.
        .target(name: "NotioCodecs", dependencies: ["NotioCore", "CSodium", "CZlib", "CZip"]),
        // The HTTP server over libmicrohttpd.
        .target(name: "NotioHTTP", dependencies: ["CMicroHTTPD"]),
        // The one Store with plain SQL, on SQLite (the default) or PostgreSQL (libpq).
        .target(name: "NotioStore", dependencies: ["NotioCore", "NotioCodecs", "CSQLite", "CPostgres"]),
        // The offline analyser, the provider protocol, Gemini and OpenAI-compatible clients.
        .target(name: "NotioAnalysis", dependencies: ["NotioCore"], swiftSettings: optimisedEvenInDebug),
        // The server's side of PDF and OCR work: the worker client, limits, errors, text cleanup.
        // Pure Swift, so the server never loads poppler or tesseract.
        .target(name: "NotioMedia", dependencies: ["NotioCore"], swiftSettings: optimisedEvenInDebug),
        // PDF text and page images (poppler), OCR (tesseract), photos (gdk-pixbuf), cards
        // (pango + cairo, PNG by libpng), Korean morphemes (MeCab) and likelihoods (Kiwi): only in the isolated worker binary.
        .target(name: "NotioMediaEngine", dependencies: ["NotioMedia", "NotioCore", "CPoppler", "CTesseract", "CGdkPixbuf", "CPangoCairo", "CPNG", "CMeCab", "CKiwi"],
                swiftSettings: optimisedEvenInDebug, linkerSettings: [kiwiLibrary]),
        // Book catalogs: Aladin, Open Library, manual entry; cover downloads through libcurl.
        .target(name: "NotioCatalog", dependencies: ["NotioCore", "CCurl"]),
        // Configuration, routes, handlers, auth, jobs, views: the application.
        .target(name: "NotioApp", dependencies: ["NotioCore", "NotioHTTP", "NotioStore", "NotioAnalysis", "NotioMedia", "NotioCatalog", "NotioCodecs", "CSodium"],
                resources: [.copy("Demo/Notes")]),
        .executableTarget(name: "notio", dependencies: ["NotioApp"]),
        .executableTarget(name: "notio-worker", dependencies: ["NotioMediaEngine"]),
        // Test support: renders book-like pages with ground truth for OCR tests and the benchmark.
        .executableTarget(name: "notio-testpages", dependencies: ["NotioMediaEngine", "CPangoCairo", "CGdkPixbuf"],
                          path: "Tests/Support/TestPages"),

        .testTarget(name: "NotioCoreTests", dependencies: ["NotioCore", "NotioCodecs"]),
        .testTarget(name: "NotioHTTPTests", dependencies: ["NotioHTTP"]),
        .testTarget(name: "NotioStoreTests", dependencies: ["NotioStore", "NotioTestSupport"]),
        .testTarget(name: "NotioAnalysisTests", dependencies: ["NotioAnalysis", "NotioMediaEngine"], exclude: ["Fixtures"]),
        .testTarget(name: "NotioMediaTests", dependencies: ["NotioMedia", "NotioMediaEngine"], exclude: ["Fixtures"]),
        // Test support shared by test targets: the fake outside services on 127.0.0.1, and the
        // database each test runs on (SQLite, or a schema on the PostgreSQL test cluster).
        .target(name: "NotioTestSupport", dependencies: ["NotioStore"], path: "Tests/Support/Swift"),
        .testTarget(name: "NotioCatalogTests", dependencies: ["NotioCatalog", "NotioTestSupport"]),
        .testTarget(name: "NotioAppTests", dependencies: ["NotioApp", "NotioMediaEngine", "NotioCodecs", "NotioTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
