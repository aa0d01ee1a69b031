/// How `hangul-compose` prints what it typed.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// One line of text per input.
    case text
    /// A table per input for people: key, commit, preedit, handled, then `→ text`.
    case trace
    /// One JSON object per key, then `{"text":…}` per input: the stable interface for scripts.
    case json
}
