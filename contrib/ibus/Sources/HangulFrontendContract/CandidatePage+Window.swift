import HangulProtocol

/// The page of an open hanja or symbol candidate list (PROTOCOL.md section 5, "Candidate list"), read
/// as a candidate window needs it.
///
/// The daemon sends one page at a time, never the whole list, so a window shows exactly this page:
/// the digit labels 1–9 are the keys that pick on it, and a click on the n-th row picks index
/// `start + n` of the whole list.
extension CandidatePage {
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
