import Foundation

extension AccountRules {
    /// A display name, trimmed: 1 to `maximumNameLength` characters (sign-up applies the same limits).
    public static func name(_ raw: String) throws(ValidationFailure) -> String {
        let name = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty, name.count <= maximumNameLength else { throw .length(field: "name", min: 1, max: maximumNameLength) }
        return name
    }

    /// A password a reader may choose: at least `minimumPasswordLength` characters.
    public static func newPassword(_ raw: String, field: String = "newPassword") throws(ValidationFailure) -> String {
        guard raw.count >= minimumPasswordLength else { throw .length(field: field, min: minimumPasswordLength, max: 1024) }
        return raw
    }
}
