/// Every option, by the name it has on the wire and in the settings file: the one declaration of
/// an option, which every list of option names is derived from.
///
/// The cases are in the settings file's order (what `hangulctl config get` prints); the wire's
/// order is the same with the daemon-wide keys left out (``isPerSession``). What the engine knows
/// about each option is in `OptionKey+Table.swift`, one exhaustive switch per question, so that a
/// new case is refused by the compiler until every question has its answer. The README's "Adding
/// an option" lists the rest (tests, PROTOCOL.md, contrib/config.toml).
public enum OptionKey: String, CaseIterable, Hashable, Sendable {
    case layout
    case autoReorder = "auto-reorder"
    case combiOnDoubleStroke = "combi-on-double-stroke"
    case nonChoseongCombi = "non-choseong-combi"
    case extendedVowels = "extended-vowels"
    case output
    case toggleKeys = "toggle-keys"
    case escapeToLatin = "escape-to-latin"
    case hanjaKeys = "hanja-keys"
    case startMode = "start-mode"
    case commitUnit = "commit-unit"
    case hangulKeys = "hangul-keys"
    case latinKeys = "latin-keys"
    case modeScope = "mode-scope"
    case fixKeys = "fix-keys"
    case autoFix = "auto-fix"

    /// The options one session has, in the wire's order: what `hello`, `get_options` and
    /// `set_options` report and `set_options` takes.
    public static let perSession: [OptionKey] = allCases.filter(\.isPerSession)

    /// Every key name, for messages that list them.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
