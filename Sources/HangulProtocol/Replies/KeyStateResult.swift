import HangulKeys

/// The result of `key` as the daemon writes it: the engine's ``KeyResult`` and, while a candidate
/// list is open, its page.
///
/// Without conversion this writes exactly what ``KeyResult`` writes, from the composed text and
/// without allocating; the page is built by the session only while a list is open.
public struct KeyStateResult: ReplyResult {
    public var result: KeyResult
    public var page: CandidatePage?

    public init(_ result: KeyResult, page: CandidatePage?) {
        self.result = result
        self.page = page
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
        writer.conversionMembers(
            deleteBefore: result.deleteBefore, candidates: CandidatesMember(result.candidates, page: page))
        writer.raw("}")
    }
}
