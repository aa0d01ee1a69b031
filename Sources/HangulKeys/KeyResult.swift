import HangulCore

/// What the frontend must do after a key: insert ``commit``, show ``preedit``, and pass the key to
/// the application unless ``handled``.
public struct KeyResult: Equatable, Sendable {
    /// Whether the engine used the key; an unhandled key goes on to the application, after the commit.
    public var handled: Bool
    /// Text to insert before anything else, often empty; in word mode a whole word.
    ///
    /// A ``WordText`` rather than a ``ComposedText`` (eight scalars) because a word does not fit in
    /// eight; in syllable mode it holds no finished syllables, and so nothing on the heap.
    public var commit: WordText
    /// What is being composed, to show at the cursor: the syllable, or in word mode the word;
    /// empty when nothing is composed.
    public var preedit: WordText
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

    public init(handled: Bool, commit: WordText = WordText(), preedit: WordText, mode: InputMode) {
        self.handled = handled
        self.commit = commit
        self.preedit = preedit
        self.mode = mode
    }

    /// A result of one syllable or less, as syllable mode gives.
    public init(handled: Bool, commit: ComposedText = ComposedText(), preedit: ComposedText, mode: InputMode) {
        self.init(handled: handled, commit: WordText(commit), preedit: WordText(preedit), mode: mode)
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
