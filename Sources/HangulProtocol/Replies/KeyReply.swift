import HangulKeys

/// The result of `key` as a client reads it: ``handled`` and the state, with the text as `String`s.
///
/// The daemon writes the engine's ``KeyResult`` directly (``KeyStateResult``, `Reply+KeyLine.swift`); a client cannot
/// hold that type's inline text (a later daemon may commit a whole word at once), so it reads the
/// same members into this.
public struct KeyReply: Equatable, Sendable {
    /// Whether the daemon consumed the key; when false the frontend forwards it, after the commit.
    public var handled: Bool
    /// Text to insert, possibly empty.
    public var commit: String
    /// The new preedit, possibly empty; it replaces the old one entirely.
    public var preedit: String
    public var mode: InputMode

    /// Characters before the cursor to delete before inserting ``commit``; usually 0.
    public var deleteBefore: Int
    /// The candidate list, when one is open or was just closed.
    public var candidates: CandidatesMember

    public init(
        handled: Bool, commit: String, preedit: String, mode: InputMode, deleteBefore: Int = 0,
        candidates: CandidatesMember = .absent
    ) {
        self.handled = handled
        self.commit = commit
        self.preedit = preedit
        self.mode = mode
        self.deleteBefore = deleteBefore
        self.candidates = candidates
    }

    /// What a daemon's ``KeyResult`` reads back as, with the page the session showed beside it.
    public init(_ result: KeyResult, page: CandidatePage? = nil) {
        self.init(
            handled: result.handled, commit: result.committedText, preedit: result.preedit.string, mode: result.mode,
            deleteBefore: result.deleteBefore, candidates: CandidatesMember(result.candidates, page: page))
    }
}

extension KeyReply: ReceivableResult {
    public init(parsing result: JSONValue) throws(ReplyParseError) {
        let reader = try ResultReader(result, path: "result")
        let state = try StateResult(reading: reader)
        self.init(
            handled: try reader.bool("handled"), commit: state.commit, preedit: state.preedit, mode: state.mode,
            deleteBefore: state.deleteBefore, candidates: state.candidates)
    }
}
