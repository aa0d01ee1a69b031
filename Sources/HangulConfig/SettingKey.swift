import HangulCore

/// The keys of the settings file, with what each accepts.
///
/// The names are the protocol's option names (PROTOCOL.md section 5) plus `start-mode` and
/// `commit-unit`, which are about sessions rather than one session's options; all kebab-case, at
/// the top level of the file.
public enum SettingKey: String, CaseIterable, Sendable {
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

    /// The TOML type the key takes, as error messages name it.
    public var expectedType: String {
        switch self {
        case .layout, .output, .startMode, .commitUnit: "a string"
        case .autoReorder, .combiOnDoubleStroke, .nonChoseongCombi, .extendedVowels, .escapeToLatin: "a boolean"
        case .toggleKeys, .hanjaKeys: "an array of key names"
        }
    }

    /// The string values the key accepts, or nil when it is not an enumeration.
    public var acceptedWords: [String]? {
        switch self {
        case .output: ComposerOptions.OutputForm.allCases.map(\.rawValue)
        case .startMode: ["hangul", "latin"]
        case .commitUnit: CommitUnit.allCases.map(\.rawValue)
        default: nil
        }
    }

    /// The boolean composer switch this key sets, if it is one.
    var composerOption: ComposerOptions.Option? { ComposerOptions.Option(rawValue: rawValue) }

    /// Every key name, for messages that list them.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
