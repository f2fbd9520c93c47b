import NotioCore

extension ImportedSentence {
    /// Stored with each imported sentence under a unique index per user, so that a re-import
    /// adds nothing twice: the first 128 bits of SHA-256 over `identity`, in hex. Databases hold
    /// these values; changing how they are made would make every old sentence new again.
    public var fingerprint: String { Self.fingerprint(identity: identity) }

    public static func fingerprint(bookKey: String, text: String) -> String {
        fingerprint(identity: identity(bookKey: bookKey, text: text))
    }

    static func fingerprint(identity: String) -> String {
        String(SHA256.hex(identity).prefix(32))
    }
}
