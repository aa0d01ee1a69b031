/// Whether keys type Hangul or go to the application untouched.
public enum InputMode: String, Hashable, Sendable, CaseIterable {
    /// Keys are read through the Hangul layout.
    case hangul
    /// Keys go to the application; only the toggle keys are taken.
    case latin

    /// The other mode.
    public var toggled: InputMode { self == .hangul ? .latin : .hangul }
}
