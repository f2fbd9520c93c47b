import Foundation

/// The Hangul readings of Han characters (hanja), so that a student who writes 大統領 for 대통령
/// is read as writing 대통령. From libhangul's hanja table (Debian's `libhangul-data`), the one
/// Korean input methods use: its one-character entries give each character's readings, with
/// both forms where the initial sound changes at a word's start (領: 령, 영). Without the table
/// installed, hanja are left as written.
public enum HanjaReadings {
    public static let tablePath = "/usr/share/libhangul/hanja/hanja.txt"

    /// Han character → its readings, loaded the first time a hanja answer is graded.
    static let table: [Unicode.Scalar: Set<Unicode.Scalar>] = load(tablePath)

    static func load(_ path: String) -> [Unicode.Scalar: Set<Unicode.Scalar>] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
        var table: [Unicode.Scalar: Set<Unicode.Scalar>] = [:]
        // Lines are "reading:hanja:meaning"; words ("대통령:大統領:") are left to the characters.
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count >= 2, fields[0].unicodeScalars.count == 1, fields[1].unicodeScalars.count == 1,
                  let reading = fields[0].unicodeScalars.first, (0xAC00...0xD7A3).contains(reading.value),
                  let hanja = fields[1].unicodeScalars.first, isHan(hanja) else { continue }
            table[hanja, default: []].insert(reading)
        }
        return table
    }

    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isIdeographic
    }

    public static func containsHan(_ text: String) -> Bool { text.unicodeScalars.contains(where: isHan) }

    /// `text` with each Han character replaced by a reading: the one `like` has at the same
    /// place (spaces aside) where it is one of the character's readings, else the first.
    /// Characters without a known reading stay.
    public static func hangul(_ text: String, like model: String) -> String {
        let modelScalars = Array(model.unicodeScalars.filter { !$0.properties.isWhitespace })
        var out = String.UnicodeScalarView()
        var position = 0
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace { out.append(scalar); continue }
            defer { position += 1 }
            guard isHan(scalar), let readings = table[scalar], !readings.isEmpty else { out.append(scalar); continue }
            if position < modelScalars.count, readings.contains(modelScalars[position]) {
                out.append(modelScalars[position])
            } else {
                out.append(readings.min()!)
            }
        }
        return String(out)
    }
}
