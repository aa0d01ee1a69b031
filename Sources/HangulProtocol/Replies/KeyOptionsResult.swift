import HangulKeys

/// The result of `key` when the session has just taken reloaded settings:
/// `{"handled":…,"commit":"…","preedit":"…","mode":"…","options":{…}}`, the key's result with the
/// options appended (PROTOCOL.md section 11 lets results grow members at the end), so a frontend
/// learns that its options changed from the reply that changed them.
public struct KeyOptionsResult: ReplyResult, Equatable {
    public var key: KeyResult
    /// Every option, after the change.
    public var options: SessionOptions

    public init(key: KeyResult, options: SessionOptions) {
        self.key = key
        self.options = options
    }

    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"handled":"#)
        writer.bool(key.handled)
        writer.raw(#","commit":"#)
        writer.string(key.commit)
        writer.raw(#","preedit":"#)
        writer.string(key.preedit)
        writer.raw(#","mode":"#)
        writer.string(key.mode.rawValue)
        writer.raw(#","options":"#)
        writer.options(options)
        writer.raw("}")
    }
}
