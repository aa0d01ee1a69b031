/// The page of an open hanja or symbol candidate list, as the daemon reports it (PROTOCOL.md
/// section 5, "Candidate list"), in the terms a candidate window needs.
///
/// The daemon sends one page at a time, never the whole list, so a window shows exactly this page:
/// the digit labels 1–9 are the keys that pick on it, and a click on the n-th row picks index
/// `start + n` of the whole list.
public struct CandidateWindow: Equatable, Sendable {
    /// One row: the text a pick inserts and its dictionary meaning (empty when it has none).
    public struct Item: Equatable, Sendable {
        public var value: String
        public var meaning: String

        public init(value: String, meaning: String = "") {
            self.value = value
            self.meaning = meaning
        }
    }

    /// The page, 1 to 9 candidates.
    public var items: [Item]
    /// Index in the whole list of the page's first candidate.
    public var start: Int
    /// Index in the whole list of the highlighted candidate (on this page, if the daemon keeps its word).
    public var highlight: Int
    /// Number of candidates in the whole list.
    public var total: Int

    public init(items: [Item], start: Int, highlight: Int, total: Int) {
        self.items = items
        self.start = start
        self.highlight = highlight
        self.total = total
    }

    /// The highlighted row on the page, clamped to the page so a window never points past its rows.
    public var cursorInPage: Int {
        guard !items.isEmpty else { return 0 }
        return min(max(highlight - start, 0), items.count - 1)
    }

    /// Where the highlight is in the whole list, `12 / 100`, for a list longer than its page: a page
    /// of nine shows the user neither that more candidates follow nor how many; nil when the page is
    /// the whole list.
    public var position: String? {
        guard total > items.count else { return nil }
        return "\(highlight + 1) / \(total)"
    }

    /// The index in the whole list of the page's row `row` (a click), or nil when the page has no such
    /// row: a click from a stale window must not pick a candidate the user did not see.
    public func listIndex(ofRow row: Int) -> Int? {
        guard row >= 0, row < items.count else { return nil }
        return start + row
    }
}
