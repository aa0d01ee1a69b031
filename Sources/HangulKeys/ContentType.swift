/// What kind of text field has focus, as far as the engine cares.
public enum ContentType: String, Hashable, Sendable, CaseIterable {
    /// Ordinary text: Hangul composition applies.
    case normal
    /// A password field: keys go to the application untouched, since a preedit would show what is
    /// typed and a password should be the exact keys pressed.
    case password
}
