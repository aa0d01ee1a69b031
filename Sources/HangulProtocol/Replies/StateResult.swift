import HangulKeys

/// The result of `reset`, `cancel`, `set_mode`, `toggle` and `set_content_type`:
/// `{"commit":"…","preedit":"…","mode":"…"}`, in that order.
///
/// Every request that can change the text or the mode answers with the whole visible state, so a
/// frontend never has to guess what happened to its preedit.
public struct StateResult: ReplyResult, Equatable {
    /// Text to insert, possibly empty.
    public var commit: String
    /// The new preedit, possibly empty.
    public var preedit: String
    public var mode: InputMode
    /// Characters before the cursor to delete before inserting ``commit`` (a conversion of
    /// surrounding text); 0, and then not on the wire, otherwise.
    public var deleteBefore: Int
    /// The candidate list, when one is open or was just closed.
    public var candidates: CandidatesMember

    public init(
        commit: String, preedit: String, mode: InputMode, deleteBefore: Int = 0,
        candidates: CandidatesMember = .absent
    ) {
        self.commit = commit
        self.preedit = preedit
        self.mode = mode
        self.deleteBefore = deleteBefore
        self.candidates = candidates
    }

    public func write(to writer: inout JSONWriter) {
        writer.raw("{")
        writeMembers(to: &writer)
        writer.conversionMembers(deleteBefore: deleteBefore, candidates: candidates)
        writer.raw("}")
    }

    /// Appends the three members without braces, for results that extend this one.
    func writeMembers(to writer: inout JSONWriter) {
        writer.key("commit")
        writer.string(commit)
        writer.raw(",")
        writer.key("preedit")
        writer.string(preedit)
        writer.raw(",")
        writer.key("mode")
        writer.string(mode.rawValue)
    }
}

extension StateResult: ReceivableResult {
    public init(parsing result: JSONValue) throws(ReplyParseError) {
        try self.init(reading: ResultReader(result, path: "result"))
    }

    /// Reads the three state members of a result that may have more.
    init(reading reader: ResultReader) throws(ReplyParseError) {
        self.init(
            commit: try reader.string("commit"), preedit: try reader.string("preedit"),
            mode: try reader.choice("mode", as: InputMode.self),
            deleteBefore: reader.has("delete_before") ? Int(try reader.integer("delete_before")) : 0,
            candidates: try CandidatesMember(reading: reader))
    }
}
