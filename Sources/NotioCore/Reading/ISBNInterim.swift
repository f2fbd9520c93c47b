import Foundation
public enum ISBN {
    public static func isbn13(from raw: String) -> String? {
        let d = raw.filter { $0.isNumber || $0 == "X" || $0 == "x" }
        return d.count == 13 ? d : nil
    }
}
