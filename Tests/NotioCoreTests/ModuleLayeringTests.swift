import Foundation
import Testing

/// The layers as `Package.swift` declares them, held to by the code under `Sources/` and drawn in
/// docs/architecture.md ("What each module may import"): a file that imports a module its target
/// does not declare, a domain core that depends on something, a server that would load the
/// worker's C libraries, or a picture that no longer matches the manifest fails here.
@Suite struct ModuleLayeringTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The toolchain's own modules, which any target may import.
    static let toolchain: Set<String> = ["Foundation", "FoundationNetworking", "FoundationEssentials",
                                         "FoundationInternationalization", "Dispatch", "Synchronization",
                                         "Glibc", "Musl", "Darwin", "_Concurrency"]

    /// One target of the manifest.
    struct Target {
        var kind: String
        var name: String
        var dependencies: [String]
        var path: String?

        /// Product code: a library or executable whose sources are under `Sources/`.
        var isSource: Bool {
            (kind == "target" || kind == "executableTarget") && (path ?? "Sources/").hasPrefix("Sources/")
        }
        var directory: String { path ?? "Sources/\(name)" }
    }

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
    }

    static func first(_ pattern: String, in text: Substring) throws -> String? {
        try text.firstMatch(of: Regex(pattern))?.output[1].substring.map(String.init)
    }

    /// Every `.target(…)`, `.executableTarget(…)`, `.testTarget(…)` and `.systemLibrary(…)` call
    /// of Package.swift, read up to its closing parenthesis.
    static func targets() throws -> [String: Target] {
        let manifest = try text("Package.swift")
        var found: [String: Target] = [:]
        for call in manifest.matches(of: try Regex(#"\.(target|executableTarget|testTarget|systemLibrary)\("#)) {
            var depth = 1
            var end = call.range.upperBound
            while depth > 0 && end < manifest.endIndex {
                if manifest[end] == "(" { depth += 1 } else if manifest[end] == ")" { depth -= 1 }
                end = manifest.index(after: end)
            }
            let body = manifest[call.range.upperBound..<end]
            guard let kind = call.output[1].substring, let name = try first(#"name: "([^"]+)""#, in: body) else { continue }
            let list = try first(#"dependencies: \[([^\]]*)\]"#, in: body) ?? ""
            let dependencies = list.matches(of: try Regex(#""([^"]+)""#)).compactMap { $0.output[1].substring.map(String.init) }
            found[name] = Target(kind: String(kind), name: name, dependencies: dependencies,
                                 path: try first(#"path: "([^"]+)""#, in: body))
        }
        return found
    }

    /// The modules a folder's Swift files import, each with the first file that does.
    static func imports(under directory: String) throws -> [String: String] {
        let base = root.appendingPathComponent(directory)
        let importLine = try Regex(#"^\s*(?:@\w+\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)"#)
        var found: [String: String] = [:]
        let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        for file in files.sorted(by: { $0.path < $1.path }) {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                guard let module = line.prefixMatch(of: importLine)?.output[1].substring else { continue }
                let relative = String(file.path.dropFirst(root.path.count + 1))
                if found[String(module)] == nil { found[String(module)] = relative }
            }
        }
        return found
    }

    /// Every module reachable from `name` through declared dependencies, `name` excluded.
    static func reach(from name: String, in targets: [String: Target]) -> Set<String> {
        var seen: Set<String> = []
        var next = targets[name]?.dependencies ?? []
        while let module = next.popLast() {
            if seen.insert(module).inserted { next += targets[module]?.dependencies ?? [] }
        }
        return seen
    }

    @Test func theManifestIsReadWhole() throws {
        let targets = try Self.targets()
        // A parser that lost targets would let every other test here pass on nothing.
        for name in ["NotioCore", "NotioApp", "NotioMediaEngine", "notio", "notio-worker", "CPoppler", "NotioAppTests"] {
            #expect(targets[name] != nil, "Package.swift has no target \(name) as this test reads it")
        }
        #expect(targets["NotioApp"]?.dependencies.contains("NotioStore") == true)
        #expect(targets["notio-testpages"]?.isSource == false)
    }

    @Test func everyImportIsADeclaredDependency() throws {
        let targets = try Self.targets()
        var problems: [String] = []
        for target in targets.values where target.isSource {
            let allowed = Set(target.dependencies).union(Self.toolchain)
            for (module, file) in try Self.imports(under: target.directory) where !allowed.contains(module) {
                problems.append("\(file) imports \(module), which \(target.name) does not declare in Package.swift")
            }
        }
        #expect(problems.sorted() == [])
    }

    @Test func theDomainCoreStandsOnFoundationAlone() throws {
        let core = try #require(try Self.targets()["NotioCore"])
        #expect(core.dependencies == [])
        #expect(Set(try Self.imports(under: core.directory).keys) == ["Foundation"])
    }

    @Test func theServerNeverReachesTheWorkersLibraries() throws {
        let targets = try Self.targets()
        // The engine and the C libraries it declares: poppler, tesseract and the others that
        // read untrusted files, loaded only by notio-worker.
        let engine = try #require(targets["NotioMediaEngine"])
        let workerOnly = Set(engine.dependencies.filter { targets[$0]?.kind == "systemLibrary" }).union([engine.name])
        #expect(workerOnly.contains("CPoppler") && workerOnly.contains("CTesseract"))
        #expect(Self.reach(from: "notio", in: targets).intersection(workerOnly) == [])
        #expect(Self.reach(from: "notio-worker", in: targets).isSuperset(of: workerOnly))
    }

    @Test func thePictureInTheArchitecturePageIsTheManifest() throws {
        let page = try Self.text("docs/architecture.md")
        let section = try #require(page.range(of: "## What each module may import"), "docs/architecture.md lost its section on imports")
        let rest = page[section.upperBound...]
        let fence = try #require(rest.range(of: "```mermaid\n"))
        let fenceEnd = try #require(rest[fence.upperBound...].range(of: "```"))
        let diagram = rest[fence.upperBound..<fenceEnd.lowerBound]

        var labels: [String: String] = [:]
        for node in diagram.matches(of: try Regex(#"(\w+)\["([^"]+)"\]"#)) {
            if let id = node.output[1].substring, let label = node.output[2].substring { labels[String(id)] = String(label) }
        }
        var drawn: Set<String> = []
        for edge in diagram.matches(of: try Regex(#"(\w+)(?:\["[^"]*"\])?\s*-->\s*(\w+)"#)) {
            guard let from = edge.output[1].substring, let to = edge.output[2].substring else { continue }
            drawn.insert("\(labels[String(from)] ?? String(from)) → \(labels[String(to)] ?? String(to))")
        }
        let declared = Set(try Self.targets().values.filter(\.isSource).flatMap { t in t.dependencies.map { "\(t.name) → \($0)" } })
        #expect(drawn.subtracting(declared).sorted() == [], "drawn in docs/architecture.md but not declared in Package.swift")
        #expect(declared.subtracting(drawn).sorted() == [], "declared in Package.swift but not drawn in docs/architecture.md")
    }
}
