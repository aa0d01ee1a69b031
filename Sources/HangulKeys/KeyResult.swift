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

    public init(handled: Bool, commit: ComposedText = ComposedText(), preedit: ComposedText, mode: InputMode) {
        self.handled = handled
        self.commit = commit
        self.preedit = preedit
        self.mode = mode
    }
}
