import Foundation

extension MediaWorker {
    /// `notio-worker tag-korean DICTIONARY TEXT_FILE`: what MeCab costs (`make bench`). Loads the
    /// dictionary, tags the file line by line twice (the first pass reads the dictionary's pages
    /// in from the page cache, the second finds them mapped), and prints one JSON object: load time,
    /// resident memory before, after the load and after tagging (and how much of it is mapped
    /// files: the dictionary's pages, shared with every other process that maps them), the peak,
    /// time per line.
    public static func tagKoreanFigures(arguments: [String]) -> Int32 {
        guard arguments.count == 2, let text = try? String(contentsOfFile: arguments[1], encoding: .utf8) else {
            FileHandle.standardError.write(Data("usage: notio-worker tag-korean DICTIONARY TEXT_FILE\n".utf8))
            return 2
        }
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        let before = memory("VmRSS")
        let clock = ContinuousClock()
        do {
            var tagger: MeCabTagger?
            let load = try clock.measure { tagger = try MeCabTagger(dictionary: arguments[0]) }
            let loaded = memory("VmRSS")
            var morphemes = 0
            let cold = try clock.measure { for line in lines { morphemes += try tagger!.words(of: line).reduce(0) { $0 + $1.morphemes.count } } }
            let warm = try clock.measure { for line in lines { _ = try tagger!.words(of: line) } }
            let ms = { (d: Duration) in Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 }
            print(String(format: #"{"bytes":%d,"lines":%d,"morphemes":%d,"loadMs":%.1f,"rssBeforeKB":%d,"rssAfterLoadKB":%d,"#
                         + #""firstPassMs":%.1f,"secondPassMs":%.1f,"usPerLine":%.1f,"rssAfterKB":%d,"rssFileAfterKB":%d,"peakRssKB":%d}"#,
                         text.utf8.count, lines.count, morphemes, ms(load), before, loaded, ms(cold), ms(warm),
                         ms(warm) * 1000 / Double(max(lines.count, 1)), memory("VmRSS"), memory("RssFile"), memory("VmHWM")))
            return 0
        } catch {
            FileHandle.standardError.write(Data("notio-worker tag-korean: \(error)\n".utf8))
            return 1
        }
    }

    /// A line of /proc/self/status in kB (`VmRSS`, `VmHWM`).
    private static func memory(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }
}
