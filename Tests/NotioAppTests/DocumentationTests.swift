import Foundation
import Testing

/// The README and the pages of docs/ point at each other and at files of the tree; a page moved
/// or renamed must not leave a link going nowhere.
@Suite struct DocumentationTests {
    static let root = TestServer.packageRoot

    /// README.md and every page of docs/, as paths from the package root.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root + "/docs")
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
        return ["README.md"] + docs
    }

    /// The targets of a page's Markdown links and images, and of its HTML `src` and `href`, that
    /// stay inside the tree: no scheme, no bare anchor; fenced code is not prose and its
    /// brackets are not links.
    static func relativeLinks(in text: String) -> [String] {
        var inFence = false
        var targets: [String] = []
        let link = /\]\(([^)\s]+)\)|(?:src|href)="([^"]+)"/
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") { inFence.toggle(); continue }
            if inFence { continue }
            for match in line.matches(of: link) {
                guard let target = (match.1 ?? match.2).map(String.init) else { continue }
                if target.hasPrefix("#") || target.contains("://") || target.hasPrefix("mailto:") { continue }
                targets.append(String(target.prefix { $0 != "#" }))
            }
        }
        return targets
    }

    @Test func everyRelativeLinkPointsAtAFileThatExists() throws {
        var checked = 0
        for page in try Self.pages() {
            let text = try String(contentsOfFile: Self.root + "/" + page, encoding: .utf8)
            let folder = (page as NSString).deletingLastPathComponent
            for target in Self.relativeLinks(in: text) {
                let path = ((Self.root + "/" + folder) as NSString).appendingPathComponent(target)
                #expect(FileManager.default.fileExists(atPath: (path as NSString).standardizingPath),
                        "\(page) links to \(target), which does not exist")
                checked += 1
            }
        }
        // The README links every page of docs/; a check that found no link checked nothing.
        #expect(checked >= (try Self.pages().count) - 1)
    }

    @Test func theReadmeLinksEveryPageOfDocs() throws {
        let readme = try String(contentsOfFile: Self.root + "/README.md", encoding: .utf8)
        let linked = Set(Self.relativeLinks(in: readme))
        for page in try Self.pages().dropFirst() {
            #expect(linked.contains(page), "README.md does not link \(page)")
        }
    }
}
