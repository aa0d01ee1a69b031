/// A keyboard layout as data: what each US-QWERTY position types, and which jamo combine.
///
/// A layout is a table a reader can check against the printed keyboard, not code. The ``Kind`` says
/// which automaton reads the table, since a dubeolsik consonant key gives "a consonant" whose slot
/// the composer decides, while a sebeolsik key gives the slot itself.
///
/// Layouts are immutable and shared: a class, so that copying a ``Composer`` (a value held by every
/// session) costs one reference count rather than one per table.
public final class Layout: Sendable {
    /// Which automaton interprets the keys.
    public enum Kind: String, Sendable {
        /// Two-set (두벌식) layouts: consonant keys give initials and the composer moves them to the
        /// final slot when they close a syllable; a vowel after a final takes it as its initial.
        case jamo
        /// Three-set (세벌식) layouts: each key gives an initial, a medial or a final directly.
        case jaso
        /// Romanization (로마자): Latin letters spell Hangul; keyed by the typed character, not position.
        case romaja
    }

    /// The stable identifier used on the command line and in the protocol ("2").
    public let id: String
    /// Other accepted identifiers ("dubeolsik").
    public let aliases: [String]
    /// English name.
    public let name: String
    /// Korean name.
    public let koreanName: String
    public let kind: Kind
    /// Whether the layout types old Hangul (옛한글), whose clusters have no precomposed syllables.
    public let typesOldHangul: Bool
    let keys: [KeyAction]
    /// Jamo pairs that merge on this layout.
    public let combinations: CombinationTable
    /// Pairs that merge only when ``ComposerOptions/extendedVowels`` is on.
    public let extendedVowelCombinations: CombinationTable

    /// Builds a layout from a position table; positions not listed type nothing.
    public init(
        id: String, aliases: [String] = [], name: String, koreanName: String, kind: Kind,
        typesOldHangul: Bool = false, keys: [Character: KeyAction], combinations: CombinationTable,
        extendedVowelCombinations: CombinationTable = .empty
    ) {
        self.id = id
        self.aliases = aliases
        self.name = name
        self.koreanName = koreanName
        self.kind = kind
        self.typesOldHangul = typesOldHangul
        var table = [KeyAction](repeating: .none, count: 94)
        for (character, action) in keys {
            guard let scalar = character.unicodeScalars.first, let position = KeyPosition(scalar) else {
                preconditionFailure("layout \(id) maps \(character), which is not a US-QWERTY position")
            }
            table[position.tableIndex] = action
        }
        self.keys = table
        self.combinations = combinations
        self.extendedVowelCombinations = extendedVowelCombinations
    }

    /// What the key at a position types.
    public func action(at position: KeyPosition) -> KeyAction { keys[position.tableIndex] }
}

/// What one key position types on a layout.
public enum KeyAction: Sendable, Equatable {
    /// Not a Hangul key on this layout: the composer commits and lets the key through.
    case none
    /// A jamo; on ``Layout/Kind/jamo`` layouts consonants are given as initials.
    case jamo(Jamo)
    /// A symbol the layout itself types (sebeolsik punctuation), committed as is.
    case symbol(Unicode.Scalar)
}

extension Layout {
    /// Every built-in layout, in the order `--list-layouts` shows them.
    public static let builtIn: [Layout] = [.dubeolsik]

    /// The built-in layout with this id or alias.
    public static func named(_ id: String) -> Layout? {
        builtIn.first { $0.id == id || $0.aliases.contains(id) }
    }

    /// The ids of every built-in layout, for error messages that list them.
    public static var knownIDs: [String] { builtIn.map(\.id) }
}
