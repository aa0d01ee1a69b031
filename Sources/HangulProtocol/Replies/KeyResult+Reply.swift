import HangulKeys

/// The result of `key` is the engine's own ``KeyResult``, written straight from its composed text:
/// `{"handled":…,"commit":"…","preedit":"…","mode":"…"}`, in that order.
///
/// The frontend removes its old preedit, inserts `commit`, shows `preedit`, and forwards the key
/// to the application only when `handled` is false. A client reads the line back as a ``KeyReply``,
/// whose text is a `String` (a later daemon may commit more than one syllable at once).
extension KeyResult: ReplyResult {
    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"handled":"#)
        writer.bool(handled)
        writer.raw(#","commit":"#)
        if converted.isEmpty {
            writer.string(commit)
        } else {
            writer.string(committedText)
        }
        writer.raw(#","preedit":"#)
        writer.string(preedit)
        writer.raw(#","mode":"#)
        writer.string(mode.rawValue)
        // The page lives in the context, not here: the daemon writes `KeyStateResult`, which has it.
        writer.conversionMembers(deleteBefore: deleteBefore, candidates: candidates == .closed ? .closed : .absent)
        writer.raw("}")
    }
}
