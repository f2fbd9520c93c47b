import Foundation

/// Where mecab-ko-dic, the dictionary of the worker's Korean tagger, is found.
public enum KoreanDictionary {
    /// Where `scripts/fetch-korean-dictionary.sh` (run by `make run` and `make test`) puts it,
    /// relative to the source tree.
    public static let treeFolder = ".cache/mecab-ko-dic"

    /// `configured` (NOTIO_KOREAN_DICTIONARY) when set; else `.cache/mecab-ko-dic` in the working
    /// directory, else beside the source tree the running binary was built in
    /// (`.build/release/notio` → `../../.cache/mecab-ko-dic`), else the working directory's,
    /// which then fails with `tagger_unavailable` when tagging.
    public static func resolve(_ configured: String) -> String {
        let fm = FileManager.default
        if !configured.isEmpty { return URL(fileURLWithPath: configured).standardizedFileURL.path }
        let inWorkingDirectory = URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent(treeFolder).path
        if fm.fileExists(atPath: inWorkingDirectory + "/sys.dic") { return inWorkingDirectory }
        let exe = URL(fileURLWithPath: (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var directory = exe.deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent(treeFolder).path
            if fm.fileExists(atPath: candidate + "/sys.dic") { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return inWorkingDirectory
    }
}
