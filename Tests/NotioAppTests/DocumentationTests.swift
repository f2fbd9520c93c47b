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

    /// Every hand judgement of the corpus is a row of docs/quality.md, with the figures its
    /// summary gives: the page is where readers look, the judgement files are where the
    /// verdicts are kept.
    @Test func theQualityPageHasEveryJudgementOfTheCorpus() throws {
        let page = try String(contentsOfFile: Self.root + "/docs/quality.md", encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| 20") }
        let folder = Self.root + "/Tests/Fixtures/corpus"
        let judgements = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { $0.hasPrefix("judged-") && $0.hasSuffix(".json") }
        #expect(!judgements.isEmpty)
        for name in judgements {
            let commit = String(name.dropLast(".json".count).split(separator: "-").last ?? "")
            let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let summary = try #require(json["summary"] as? [String: [String: Any]])
            let levels = try ["하", "중", "상"].map { level in
                let figures = try #require(summary[level])
                return (usable: try #require(figures["usableAsIs"] as? Int), asked: try #require(figures["questions"] as? Int))
            }
            let asked = levels.map(\.asked).reduce(0, +), usable = levels.map(\.usable).reduce(0, +)
            let share = Int((100 * Double(usable) / Double(asked)).rounded())
            let row = "| \(asked) | \(usable) = \(share)% | " + levels.map { "\($0.usable) of \($0.asked)" }.joined(separator: " | ") + " |"
            #expect(rows.contains { $0.contains("| \(commit) |") && $0.contains(row) }, "docs/quality.md has no row \(row) for \(name)")
        }
    }
}
