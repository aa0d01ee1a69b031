import HangulCore

/// Every per-session option, as `hello`, `get_options` and `set_options` report them.
///
/// Options belong to one session and die with its connection; nothing is stored. The wire object
/// always carries every option, in the order of ``names``, so a reply line is exact.
public struct SessionOptions: Equatable, Sendable {
    /// The layout's canonical id (an alias sent in `set_options` is reported as the id).
    public var layout: String
    /// The composer's switches and output form.
    public var composer: ComposerOptions
    /// Keys that switch between Hangul and Latin mode.
    public var toggleKeys: [ToggleKey]
    /// Whether Escape also switches to Latin mode (for modal editors such as Vim).
    public var escapeToLatin: Bool

    /// The defaults: dubeolsik, libhangul's switches plus extended vowels, Hangul and Shift+space.
    public init() {
        layout = Layout.dubeolsik.id
        composer = ComposerOptions()
        toggleKeys = ToggleKey.defaults
        escapeToLatin = false
    }

    /// The option names on the wire, in reply order.
    public static let names: [String] =
        ["layout"] + ComposerOptions.Option.allCases.map(\.rawValue) + ["output", "toggle-keys", "escape-to-latin"]

    /// These options with `patch` applied; options the patch leaves out are kept.
    public func applying(_ patch: OptionsPatch) -> SessionOptions {
        var result = self
        if let layout = patch.layout { result.layout = layout }
        for option in ComposerOptions.Option.allCases {
            if let value = patch.switches[option] { result.composer[option] = value }
        }
        if let output = patch.output { result.composer.output = output }
        if let toggleKeys = patch.toggleKeys { result.toggleKeys = toggleKeys }
        if let escapeToLatin = patch.escapeToLatin { result.escapeToLatin = escapeToLatin }
        return result
    }
}

extension JSONWriter {
    /// Appends the options object, every option in ``SessionOptions/names`` order.
    public mutating func options(_ options: SessionOptions) {
        raw("{")
        key("layout")
        string(options.layout)
        for option in ComposerOptions.Option.allCases {
            raw(",")
            string(option.rawValue)
            raw(":")
            bool(options.composer[option])
        }
        raw(",")
        key("output")
        string(options.composer.output.rawValue)
        raw(",")
        key("toggle-keys")
        raw("[")
        for (index, toggleKey) in options.toggleKeys.enumerated() {
            if index > 0 { raw(",") }
            string(toggleKey.description)
        }
        raw("],")
        key("escape-to-latin")
        bool(options.escapeToLatin)
        raw("}")
    }
}
