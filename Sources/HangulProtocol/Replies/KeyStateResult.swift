import HangulKeys

/// The result of `key` as the daemon writes it: the engine's ``KeyResult``; the options when the
/// session has just taken reloaded settings, so a frontend learns that its options changed from the
/// reply that changed them; and, while a candidate list is open, its page (PROTOCOL.md section 11
/// lets results grow members at the end).
///
/// Without conversion this writes exactly what ``KeyResult`` writes, from the composed text and
/// without allocating; the page is built by the session only while a list is open.
public struct KeyStateResult: ReplyResult {
    public var result: KeyResult
    public var page: CandidatePage?
    /// Every option, after a reload the session has just followed; nil otherwise.
    public var options: SessionOptions?

    public init(_ result: KeyResult, page: CandidatePage?, options: SessionOptions? = nil) {
        self.result = result
        self.page = page
        self.options = options
    }

    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"handled":"#)
        writer.bool(result.handled)
        writer.raw(#","commit":"#)
        if result.converted.isEmpty {
            writer.string(result.commit)
        } else {
            writer.string(result.committedText)
        }
        writer.raw(#","preedit":"#)
        writer.string(result.preedit)
        writer.raw(#","mode":"#)
        writer.string(result.mode.rawValue)
        if let options {
            writer.raw(#","options":"#)
            writer.options(options)
        }
        writer.conversionMembers(
            deleteBefore: result.deleteBefore, candidates: CandidatesMember(result.candidates, page: page))
        writer.raw("}")
    }
}
