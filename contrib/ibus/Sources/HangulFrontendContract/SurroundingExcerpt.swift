/// What of the application's text around the cursor a frontend sends the daemon just before a hanja
/// key (PROTOCOL.md section 6.13): as little as the conversion needs, since it is the user's text.
///
/// - With a selection, the selection alone (converted whole, and the commit then replaces it as
///   typed text does); nothing before the cursor, since the daemon converts the text before the
///   cursor first and the selection only when that is empty.
/// - Otherwise the text before the cursor, from the start of its line (a word never spans a line
///   break), and of that only the last `keep` characters: the daemon keeps no more
///   (`InputContext.surroundingLimit`, 32), so sending more would only hand it more of the user's text.
/// - A selection longer than the protocol's bound (4096 bytes) is not sent: converting part of it
///   would replace text the user did not mean, and the daemon would refuse the whole request.
///
/// Offsets are in Unicode scalar values, as IBus counts characters. Offsets past the end of the text
/// (a client's stale report) send nothing, which also clears what the daemon may still hold from an
/// earlier hanja key.
public struct SurroundingExcerpt: Equatable, Sendable {
    public var beforeCursor: String
    public var selection: String

    public init(beforeCursor: String = "", selection: String = "") {
        self.beforeCursor = beforeCursor
        self.selection = selection
    }

    public init(text: String, cursor: Int, anchor: Int, keep: Int, maxBytes: Int = 4096) {
        self.init()
        let scalars = Array(text.unicodeScalars)
        guard cursor >= 0, anchor >= 0, cursor <= scalars.count, anchor <= scalars.count else { return }
        if anchor != cursor {
            let selected = String(String.UnicodeScalarView(scalars[min(anchor, cursor)..<max(anchor, cursor)]))
            if selected.utf8.count <= maxBytes { selection = selected }
            return
        }
        var start = cursor
        while start > 0, cursor - start < keep, !Self.isLineBreak(scalars[start - 1]) { start -= 1 }
        beforeCursor = String(String.UnicodeScalarView(scalars[start..<cursor]))
    }

    /// Line feed, carriage return, and Unicode's line and paragraph separators.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\n" || scalar == "\r" || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}
