import HangulCore

/// The keys that type a text on a layout: the layout's key and combination tables read backwards.
///
/// Syllables are split into their jamo and each jamo is spelled from the tables alone, never by
/// trying the composer, so typing the spelling and getting the text back is a real check of the
/// composer (a property test does exactly that on every built-in layout). On
/// ``Layout/Kind/jamo`` layouts consonants are typed as initials, finals included, as on the
/// printed keyboard; on ``Layout/Kind/jaso`` layouts each key gives its slot directly. A compound
/// the layout has no key for is typed as its parts, in the order the combination table joins them;
/// of several spellings the shortest is used, unshifted keys before shifted ones.
///
/// Identical pairs (ㄱ+ㄱ) count on two-set layouts only with `combi-on-double-stroke`, and the
/// extended vowels only with `extended-vowels`, as in ``Composer``.
public struct KeySpeller: Sendable {
    public let layout: Layout
    /// Keys for each jamo value the layout can reach, by slot.
    private let spellings: [JamoSlot: [UInt32: [KeyPosition]]]
    /// Keys that type a character outright: a symbol the layout types, or a key it lets through.
    private let characterKeys: [UInt32: KeyPosition]

    public init(layout: Layout, options: ComposerOptions = ComposerOptions()) {
        self.layout = layout
        var typed: [JamoSlot: [(jamo: UInt32, key: KeyPosition)]] = [:]
        var characters: [UInt32: KeyPosition] = [:]
        for position in KeyPosition.all {
            switch layout.action(at: position) {
            case .jamo(let jamo):
                guard let slot = jamo.slot else { continue }
                typed[slot, default: []].append((jamo.rawValue, position))
                // A two-set consonant key also types the consonant as a final.
                if layout.kind != .jaso, slot == .choseong, let final = jamo.asJongseong {
                    typed[.jongseong, default: []].append((final.rawValue, position))
                }
            case .symbol(let scalar):
                if characters[scalar.value] == nil { characters[scalar.value] = position }
            case .none:
                if characters[UInt32(position.ascii)] == nil { characters[UInt32(position.ascii)] = position }
            }
        }
        var spellings: [JamoSlot: [UInt32: [KeyPosition]]] = [:]
        for slot in JamoSlot.allCases {
            spellings[slot] = Self.closure(of: typed[slot] ?? [], layout: layout, options: options)
        }
        self.spellings = spellings
        characterKeys = characters
    }

    /// Every jamo value a slot can reach from single keys by merging one more key at a time, each
    /// with its shortest spelling (breadth first, so shorter spellings are found first).
    private static func closure(
        of keys: [(jamo: UInt32, key: KeyPosition)], layout: Layout, options: ComposerOptions
    ) -> [UInt32: [KeyPosition]] {
        var best: [UInt32: [KeyPosition]] = [:]
        let keys = keys.sorted { preferred($0.key, over: $1.key) }
        for (jamo, key) in keys where best[jamo] == nil { best[jamo] = [key] }
        var frontier = best.keys.sorted()
        while !frontier.isEmpty {
            var next: [UInt32: [KeyPosition]] = [:]
            for value in frontier {
                guard let prefix = best[value] else { continue }
                for (jamo, key) in keys {
                    let merged = combine(value, jamo, layout: layout, options: options)
                    guard merged != 0, best[merged] == nil else { continue }
                    let candidate = prefix + [key]
                    if let known = next[merged], !lexicallyBefore(candidate, known) { continue }
                    next[merged] = candidate
                }
            }
            for (jamo, spelling) in next { best[jamo] = spelling }
            frontier = next.keys.sorted()
        }
        return best
    }

    /// The merge ``Composer`` makes of a slot's value and a typed jamo under these options.
    private static func combine(_ first: UInt32, _ second: UInt32, layout: Layout, options: ComposerOptions) -> UInt32 {
        if first == second, layout.kind == .jamo, !options.combiOnDoubleStroke { return 0 }
        let merged = layout.combinations.combine(first, second)
        if merged != 0 || !options.extendedVowels { return merged }
        return layout.extendedVowelCombinations.combine(first, second)
    }

    /// Of two equally long spellings, the one whose first differing key is ``preferred(_:over:)``.
    private static func lexicallyBefore(_ lhs: [KeyPosition], _ rhs: [KeyPosition]) -> Bool {
        lhs.lexicographicallyPrecedes(rhs, by: preferred)
    }

    /// Unshifted keys before shifted ones (`y` rather than `Y` where both type ㅛ), then ASCII order.
    private static func preferred(_ lhs: KeyPosition, over rhs: KeyPosition) -> Bool {
        let lhsShifted = needsShift(lhs.ascii)
        let rhsShifted = needsShift(rhs.ascii)
        return lhsShifted != rhsShifted ? !lhsShifted : lhs < rhs
    }

    /// Whether US QWERTY needs Shift for this character: capitals and the upper row of symbols.
    private static func needsShift(_ ascii: UInt8) -> Bool {
        (0x41...0x5A).contains(ascii) || Array(#"~!@#$%^&*()_+{}|:"<>?"#.utf8).contains(ascii)
    }

    /// Every jamo the layout can type in a slot (a key's own jamo, or a compound of them), in code point
    /// order: with the options that allow the most, this is every jamo the composer can show there.
    public func reachableJamo(in slot: JamoSlot) -> [Jamo] {
        (spellings[slot] ?? [:]).keys.sorted().map { Jamo(rawValue: $0) }
    }

    /// The keys for a jamo in a slot, or `nil` when the layout cannot type it there.
    public func keys(for jamo: Jamo, in slot: JamoSlot) -> [KeyPosition]? { spellings[slot]?[jamo.rawValue] }

    /// The keys that type one character, as US-QWERTY characters with `" "` for the space bar, or
    /// `nil` when the layout cannot type it.
    ///
    /// A precomposed syllable is its jamo in order; a compatibility letter alone (ㅋ) is typed as an
    /// initial or a vowel; a conjoining jamo (old Hangul written out) as its own slot, its fillers as
    /// nothing; any other character by a key that types it as a symbol or lets it through.
    public func keys(for character: Unicode.Scalar) -> String? {
        if character == " " { return " " }
        var keys: [KeyPosition] = []
        if let (choseong, jungseong, jongseong) = Syllable.decompose(character) {
            guard let initial = self.keys(for: choseong, in: .choseong),
                let medial = self.keys(for: jungseong, in: .jungseong)
            else { return nil }
            keys = initial + medial
            if let jongseong {
                guard let final = self.keys(for: jongseong, in: .jongseong) else { return nil }
                keys += final
            }
        } else if character.value == Jamo.choseongFiller.rawValue || character.value == Jamo.jungseongFiller.rawValue {
            return ""
        } else if let slot = JamoSlot(of: character.value) {
            guard let spelled = self.keys(for: Jamo(rawValue: character.value), in: slot) else { return nil }
            keys = spelled
        } else if let letter = Jamo(compatibility: character, as: .jungseong)
            ?? Jamo(compatibility: character, as: .choseong),
            let spelled = self.keys(for: letter, in: letter.slot ?? .choseong)
        {
            keys = spelled
        } else if let key = characterKeys[character.value] {
            keys = [key]
        } else {
            return nil
        }
        return String(keys.map(\.character))
    }

    /// The keys that type a text, or `nil` when the layout cannot type some character of it.
    public func keys(for text: String) -> String? {
        var result = ""
        for character in text.unicodeScalars {
            guard let keys = keys(for: character) else { return nil }
            result += keys
        }
        return result
    }
}
