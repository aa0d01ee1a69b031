/// Whether keys compose Hangul or pass through as Latin: the `mode` of every state reply.
public enum InputMode: String, Sendable, CaseIterable {
    /// Keys at Hangul positions compose; the initial mode of a session.
    case hangul
    /// Every key is unhandled except the toggle keys.
    case latin
}
