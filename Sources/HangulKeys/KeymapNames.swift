/// The rules, model, layout, variant and options (RMLVO) that name an xkb keymap.
///
/// The Swift side of `struct xkb_rule_names`. The defaults name the fixed reference keymap the
/// decoder reads positions from: evdev keycodes, a 105-key PC and the US layout, which is what a
/// layout's US-QWERTY positions mean. Empty strings stay empty: the context ignores the
/// `XKB_DEFAULT_*` environment, so the keymap never depends on who started the process.
public struct KeymapNames: Hashable, Sendable, CustomStringConvertible {
    /// The rules file, `evdev` for every current Linux system.
    public var rules: String
    /// The keyboard model (`pc105`).
    public var model: String
    /// The layout (`us`, `de`); several comma-separated layouts compile, but only the first is read.
    public var layout: String
    /// The layout variant (`dvorak` with layout `us`), or empty.
    public var variant: String
    /// Comma-separated xkb options (`ctrl:nocaps`), or empty.
    public var options: String

    public init(
        rules: String = "evdev", model: String = "pc105", layout: String = "us", variant: String = "",
        options: String = ""
    ) {
        self.rules = rules
        self.model = model
        self.layout = layout
        self.variant = variant
        self.options = options
    }

    /// The US-QWERTY reference keymap: evdev, pc105, us.
    public static let usQWERTY = KeymapNames()

    /// `rules "evdev", model "pc105", layout "us", variant "", options ""`, for error messages.
    public var description: String {
        "rules \"\(rules)\", model \"\(model)\", layout \"\(layout)\", variant \"\(variant)\", options \"\(options)\""
    }
}
