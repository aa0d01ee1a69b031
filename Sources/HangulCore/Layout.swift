/// A keyboard layout as data: what each US-QWERTY position types, and which jamo combine.
///
/// A layout is a table a reader can check against the printed keyboard, not code: the built-in ones
/// are layout files (see ``LayoutFile``) compiled in, and users add their own in the same format.
/// The ``Kind`` says which automaton reads the table, since a dubeolsik consonant key gives "a
/// consonant" whose slot the composer decides, while a sebeolsik key gives the slot itself.
///
/// Layouts are immutable and shared: a class, so that copying a ``Composer`` (a value held by every
/// session) costs one reference count rather than one per table.
public final class Layout: Sendable {
    /// Which automaton interprets the keys.
    public enum Kind: String, Sendable, CaseIterable {
        /// Two-set (두벌식) layouts: consonant keys give initials and the composer moves them to the
        /// final slot when they close a syllable; a vowel after a final takes it as its initial.
        case jamo
        /// Three-set (세벌식) and other direct layouts: each key gives an initial, a medial or a final.
        case jaso
        /// Romanization (로마자): Latin letters spell Hangul, with an implicit ㅇ before a lone vowel
        /// and ㅡ after a lone consonant. Read by the character typed, not by position.
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
    /// Whether the layout types old Hangul (옛한글): finals without a modern form are allowed, and a
    /// consonant struck twice always doubles.
    public let typesOldHangul: Bool
    let keys: [KeyAction]
    /// Jamo pairs that merge on this layout.
    public let combinations: CombinationTable
    /// The line of its layout file that gave each of the layout's names (its id and aliases), so
    /// that a name another layout already has is reported where it was written; empty for a layout
    /// built in code.
    let nameLines: [String: Int]

    /// Builds a layout from a position table; positions not listed type nothing.
    public convenience init(
        id: String, aliases: [String] = [], name: String, koreanName: String, kind: Kind,
        typesOldHangul: Bool = false, keys: [KeyPosition: KeyAction], combinations: CombinationTable
    ) {
        self.init(
            id: id, aliases: aliases, name: name, koreanName: koreanName, kind: kind, typesOldHangul: typesOldHangul,
            keys: keys, combinations: combinations, nameLines: [:])
    }

    init(
        id: String, aliases: [String], name: String, koreanName: String, kind: Kind, typesOldHangul: Bool,
        keys: [KeyPosition: KeyAction], combinations: CombinationTable, nameLines: [String: Int]
    ) {
        self.id = id
        self.aliases = aliases
        self.name = name
        self.koreanName = koreanName
        self.kind = kind
        self.typesOldHangul = typesOldHangul
        var table = [KeyAction](repeating: .none, count: KeyPosition.count)
        for (position, action) in keys { table[position.tableIndex] = action }
        self.keys = table
        self.combinations = combinations
        self.nameLines = nameLines
    }

    /// Builds a layout from its finished tables: `packedKeys` holds ``KeyAction/packed`` for each of
    /// the 94 positions in ASCII order. For the built-in layouts, compiled in as tables by
    /// `scripts/embed-layouts` so that start-up parses no text. They keep no name lines: a name
    /// clash is reported in the file being added, with that file's lines (``LayoutCatalog/add(_:from:)``),
    /// and building eleven dictionaries of them was a twelfth of a short `hangul-compose` run.
    init(
        id: String, aliases: [String], name: String, koreanName: String, kind: Kind, typesOldHangul: Bool,
        packedKeys: [UInt64], combinations: CombinationTable
    ) {
        precondition(packedKeys.count == KeyPosition.count, "a layout table has one entry per position")
        self.id = id
        self.aliases = aliases
        self.name = name
        self.koreanName = koreanName
        self.kind = kind
        self.typesOldHangul = typesOldHangul
        keys = packedKeys.map(KeyAction.init(packed:))
        self.combinations = combinations
        self.nameLines = [:]
    }

    /// Builds a layout from a table keyed by the US-QWERTY characters; for tests and examples.
    public convenience init(
        id: String, aliases: [String] = [], name: String, koreanName: String, kind: Kind,
        typesOldHangul: Bool = false, keys: [Character: KeyAction], combinations: CombinationTable
    ) {
        var positions: [KeyPosition: KeyAction] = [:]
        for (character, action) in keys {
            guard let scalar = character.unicodeScalars.first, let position = KeyPosition(scalar) else {
                preconditionFailure("layout \(id) maps \(character), which is not a US-QWERTY position")
            }
            positions[position] = action
        }
        self.init(
            id: id, aliases: aliases, name: name, koreanName: koreanName, kind: kind,
            typesOldHangul: typesOldHangul, keys: positions, combinations: combinations)
    }

    /// The same layout answering to more names; used when a user layout overrides a built-in one,
    /// so scripts that name the built-in by its long id get the override too.
    func adding(aliases more: [String]) -> Layout {
        let added = more.filter { $0 != id && !aliases.contains($0) }
        if added.isEmpty { return self }
        var positions: [KeyPosition: KeyAction] = [:]
        for position in KeyPosition.all where action(at: position) != .none {
            positions[position] = action(at: position)
        }
        return Layout(
            id: id, aliases: aliases + added, name: name, koreanName: koreanName, kind: kind,
            typesOldHangul: typesOldHangul, keys: positions, combinations: combinations, nameLines: nameLines)
    }

    /// What the key at a position types.
    public func action(at position: KeyPosition) -> KeyAction { keys[position.tableIndex] }

    /// Every name that selects this layout: its id, then its aliases.
    var names: [String] { [id] + aliases }
}

/// What one key position types on a layout.
public enum KeyAction: Sendable, Equatable {
    /// Not a Hangul key on this layout: the composer commits and lets the key through.
    case none
    /// A jamo; on ``Layout/Kind/jamo`` layouts consonants are given as initials.
    case jamo(Jamo)
    /// A symbol the layout itself types (sebeolsik punctuation), committed as is.
    case symbol(Unicode.Scalar)
    /// A dual-role key (갈마들이, 신세벌식): two jamo of different slots, the earlier slot first; the
    /// composer takes one of them when the key arrives, from the syllable's state (``DualRole``).
    /// Only on ``Layout/Kind/jaso`` layouts.
    case dual(Jamo, Jamo)
}

extension KeyAction {
    /// The action as one integer, the form the generated built-in tables spell it in: 0 for
    /// ``none``, else a tag in the top byte (1 jamo, 2 symbol, 3 dual) over the code points (a
    /// dual key's first jamo in bits 0–23, its second in bits 24–47).
    var packed: UInt64 {
        switch self {
        case .none: 0
        case .jamo(let jamo): 1 << 56 | UInt64(jamo.rawValue)
        case .symbol(let scalar): 2 << 56 | UInt64(scalar.value)
        case .dual(let first, let second): 3 << 56 | UInt64(second.rawValue) << 24 | UInt64(first.rawValue)
        }
    }

    /// The action ``packed`` spells; ``none`` for a tag it does not know.
    init(packed: UInt64) {
        let low = UInt32(truncatingIfNeeded: packed & 0xFF_FFFF)
        switch packed >> 56 {
        case 1: self = .jamo(Jamo(rawValue: low))
        case 2: self = Unicode.Scalar(low).map { .symbol($0) } ?? .none
        case 3:
            self = .dual(Jamo(rawValue: low), Jamo(rawValue: UInt32(truncatingIfNeeded: packed >> 24 & 0xFF_FFFF)))
        default: self = .none
        }
    }
}

/// Which two slots a dual-role key joins, and so how the composer chooses between them.
///
/// The rules are the 갈마들이 of 신세벌식, read from the syllable being composed:
/// - ``initialOrMedial`` (the right hand): the medial when the syllable has an initial and no
///   medial yet, or its medial combines with this one and nothing follows it; the initial otherwise.
/// - ``medialOrFinal`` (the left hand): the medial under the same condition; the final otherwise.
///   A medial typed this way begins no combination: on 신세벌식 the compound vowels start from the
///   right hand's ㅗ ㅜ ㅡ, so that ㄴ ㅗ(left) ㅎ is 놓, not 뇌.
/// - ``initialOrFinal`` (a two-set consonant on a direct layout): the final when the syllable has a
///   medial and no final yet, or a final this one combines with; the initial otherwise.
public enum DualRole: Sendable, Equatable {
    case initialOrMedial
    case medialOrFinal
    case initialOrFinal

    /// The role two slots make, earlier slot first; nil for a slot twice.
    public init?(_ first: JamoSlot, _ second: JamoSlot) {
        switch (first, second) {
        case (.choseong, .jungseong): self = .initialOrMedial
        case (.jungseong, .jongseong): self = .medialOrFinal
        case (.choseong, .jongseong): self = .initialOrFinal
        default: return nil
        }
    }
}
