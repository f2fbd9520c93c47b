import Foundation

/// Where mecab-ko-dic, the dictionary of the worker's Korean tagger, is found.
public enum KoreanDictionary {
    /// Where `scripts/fetch-korean-dictionary.sh` (run by `make run` and `make test`) puts it,
    /// relative to the source tree.
    public static let treeFolder = ".cache/mecab-ko-dic"

    /// `configured` (NOTIO_KOREAN_DICTIONARY) when set; else `.cache/mecab-ko-dic` (see
    /// `TreeFolder.resolve`), which then fails with `tagger_unavailable` when tagging.
    public static func resolve(_ configured: String) -> String {
        TreeFolder.resolve(configured, treeFolder: treeFolder, holding: "sys.dic")
    }
}

/// Where Kiwi's model, the worker's language model of Korean, is found.
public enum KoreanModelFolder {
    /// Where `scripts/build-korean-model.sh` (run by `make run` and `make test`) puts it,
    /// relative to the source tree.
    public static let treeFolder = ".cache/kiwi/model"

    /// `configured` (NOTIO_KOREAN_MODEL) when set; else `.cache/kiwi/model` (see
    /// `TreeFolder.resolve`), which then fails with `language_model_unavailable` when asked.
    public static func resolve(_ configured: String) -> String {
        TreeFolder.resolve(configured, treeFolder: treeFolder, holding: "cong.mdl")
    }
}

/// A folder `make` puts into the source tree (`.cache/…`).
enum TreeFolder {
    /// `configured` when set; else `treeFolder` in the working directory when it holds the file
    /// `marker`, else beside the source tree the running binary was built in
    /// (`.build/release/notio` → `../../treeFolder`), else the working directory's.
    static func resolve(_ configured: String, treeFolder: String, holding marker: String) -> String {
        let fm = FileManager.default
        if !configured.isEmpty { return URL(fileURLWithPath: configured).standardizedFileURL.path }
        let inWorkingDirectory = URL(fileURLWithPath: fm.currentDirectoryPath).appendingPathComponent(treeFolder).path
        if fm.fileExists(atPath: inWorkingDirectory + "/" + marker) { return inWorkingDirectory }
        let exe = URL(fileURLWithPath: (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0])
        var directory = exe.deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = directory.appendingPathComponent(treeFolder).path
            if fm.fileExists(atPath: candidate + "/" + marker) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return inWorkingDirectory
    }
}
