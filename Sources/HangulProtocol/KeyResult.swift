/// The result of `key`: `{"handled":…,"commit":"…","preedit":"…","mode":"…"}`, in that order.
///
/// The frontend removes its old preedit, inserts `commit`, shows `preedit`, and forwards the key
/// to the application only when `handled` is false.
public struct KeyResult: ReplyResult, Equatable {
    /// Whether the daemon consumed the key; when false the frontend forwards it (after the commit).
    public var handled: Bool
    /// Text to insert, possibly empty.
    public var commit: String
    /// The new preedit, possibly empty; it replaces the old one entirely.
    public var preedit: String
    public var mode: InputMode

    public init(handled: Bool, commit: String, preedit: String, mode: InputMode) {
        self.handled = handled
        self.commit = commit
        self.preedit = preedit
        self.mode = mode
    }

    public func write(to writer: inout JSONWriter) {
        writer.raw("{")
        writer.key("handled")
        writer.bool(handled)
        writer.raw(",")
        StateResult(commit: commit, preedit: preedit, mode: mode).writeMembers(to: &writer)
        writer.raw("}")
    }
}
