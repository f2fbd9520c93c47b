import NotioCore

extension TextCleanup {
    /// Joins a line that is known to have wrapped (a heading on two lines, a table cell) with the
    /// next one by the same rule as wrapped prose, so that the two places never disagree about
    /// spaces, hyphens and Korean words broken between syllables.
    public static func joinWrapped(_ line: String, _ next: String, koreanBreaks: KoreanLineBreaks, spacing: KoreanSpacing) -> String {
        // The line counts as full: it wrapped, whatever its width in characters.
        let typical = max(minimumProseWidth, displayWidth(line))
        switch joint(after: line, before: next, typical: typical, koreanBreaks: koreanBreaks, spacing: spacing) {
        case .nothing: return line + next
        case .dropHyphen: return String(line.dropLast()) + next
        case .space, .newLine: return line + " " + next
        }
    }
}
