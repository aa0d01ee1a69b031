import HangulCore

/// What the frontend must do after a key: insert ``commit``, show ``preedit``, and pass the key to
/// the application unless ``handled``.
public struct KeyResult: Equatable, Sendable {
    /// Whether the engine used the key; an unhandled key goes on to the application, after the commit.
    public var handled: Bool
    /// Text to insert before anything else, often empty.
    public var commit: ComposedText
    /// The syllable being composed, to show at the cursor; empty when nothing is composed.
    public var preedit: ComposedText
    /// The input mode after the key, so the frontend can show it.
    public var mode: InputMode
    /// A picked hanja or symbol, inserted after ``commit``; empty unless a candidate was picked.
    ///
    /// Apart from ``commit`` because a candidate's value may be longer than ``ComposedText`` holds,
    /// and built only on a pick, so typing never allocates for it.
    public var converted: String = ""
    /// How many characters (Unicode scalars) before the cursor the frontend deletes before inserting
    /// the commit: the Hangul a candidate picked from the surrounding text replaces. Usually 0.
    public var deleteBefore: Int = 0
    /// Whether the candidate list opened, changed, closed or stayed as it was with this key.
    public var candidates: CandidateChange = .unchanged

    public init(handled: Bool, commit: ComposedText = ComposedText(), preedit: ComposedText, mode: InputMode) {
        self.handled = handled
        self.commit = commit
        self.preedit = preedit
        self.mode = mode
    }

    /// ``commit`` then ``converted``: everything to insert.
    public var committedText: String { converted.isEmpty ? commit.string : commit.string + converted }
}

/// What happened to a session's candidate list, which decides whether a reply shows it.
public enum CandidateChange: Sendable, Equatable {
    /// Nothing: closed before and after, or open and unchanged by a key it ignored.
    case unchanged
    /// Open after the event, newly or with a moved highlight: the reply shows the list.
    case shown
    /// Closed by the event: the reply says so once.
    case closed
}
