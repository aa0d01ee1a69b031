import HangulCore

/// The parameters of `set_options`: the options to change, each nil when left as it is.
///
/// Parsing has already checked every value, the layout included, so applying a patch cannot fail
/// half way (only the keysym names in ``toggleKeys`` are left for the daemon to check before it
/// applies anything).
public struct OptionsPatch: Equatable, Sendable {
    /// A canonical layout id.
    public var layout: String?
    /// The boolean switches sent.
    public var switches: [ComposerOptions.Option: Bool]
    public var output: ComposerOptions.OutputForm?
    public var toggleKeys: [ToggleKey]?
    public var escapeToLatin: Bool?

    public init(
        layout: String? = nil, switches: [ComposerOptions.Option: Bool] = [:],
        output: ComposerOptions.OutputForm? = nil, toggleKeys: [ToggleKey]? = nil, escapeToLatin: Bool? = nil
    ) {
        self.layout = layout
        self.switches = switches
        self.output = output
        self.toggleKeys = toggleKeys
        self.escapeToLatin = escapeToLatin
    }
}
