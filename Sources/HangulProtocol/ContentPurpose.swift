/// What kind of text field has focus, from `set_content_type`.
public enum ContentPurpose: String, Sendable, CaseIterable {
    /// Ordinary text: the session composes as its mode says.
    case normal
    /// A password field: composition is off and the daemon keeps nothing of what is typed.
    case password
}
