import HangulCore

/// The keys that type a text on a layout: the layout's key and combination tables read backwards.
///
/// Syllables are split into their jamo and each jamo is spelled from the tables alone, never by
/// trying the composer, so typing the spelling and getting the text back is a real check of the
/// composer (a property test does exactly that on every built-in layout). On ``Layout/Kind/jamo``
/// and ``Layout/Kind/romaja`` layouts consonant keys also type finals, as on the printed keyboard;
/// on ``Layout/Kind/jaso`` layouts each key gives its slot directly. A compound the layout has no
/// key for is typed as its parts, in the order the combination table joins them; of several
/// spellings the shortest is used, unshifted keys before shifted ones.
///
/// Romaja follows its own writing rules (``RomajaWriting``): a syllable's silent ㅇ is not typed
/// (a → 아), and a syllable that the previous one would swallow starts with a capital letter, which
/// the layout reads as the start of a new syllable: 안아 is `anA`, 간가 is `ganGa` (ㄴ+ㄱ make final
/// ㅇ), but 가나 is `gana`, 강아 `ganga` (final ㅇ stays) and 일과 `ilgoa` (ㄺ gives its ㄱ back).
/// Its letters come from the tables like any layout's, or from romanization (ㅕ `yeo`, not `ieo`).
///
/// Identical pairs (ㄱ+ㄱ) count on modern two-set layouts only with `combi-on-double-stroke`, as
/// in ``Composer``. Old-Hangul finals that only an initial key's conversion reaches (HangulCore keeps
/// that conversion internal) are not spelled.
public struct KeySpeller: Sendable {
    public let layout: Layout
    /// How text is written on a romaja layout; other layouts ignore it.
    public let romaja: RomajaWriting
    /// Keys for each jamo value the layout can reach, by slot.
    private let spellings: [JamoSlot: [UInt32: [KeyPosition]]]
    /// Keys that type a character outright: a symbol the layout types, or a key it lets through.
    private let characterKeys: [UInt32: KeyPosition]
    /// The options spelled for: they say which jamo merge, here and where romaja syllables regroup.
    private let options: ComposerOptions

    public init(layout: Layout, options: ComposerOptions = ComposerOptions(), romaja: RomajaWriting = RomajaWriting()) {
        self.layout = layout
        self.romaja = romaja
        self.options = options
        var typed: [JamoSlot: [(jamo: UInt32, key: KeyPosition)]] = [:]
        var characters: [UInt32: KeyPosition] = [:]
        for position in KeyPosition.all {
            switch layout.action(at: position) {
            case .jamo(let jamo):
                guard let slot = jamo.slot else { continue }
                typed[slot, default: []].append((jamo.rawValue, position))
                // A two-set or romaja consonant key also types the consonant as a final.
                if layout.kind != .jaso, slot == .choseong, let final = jamo.asJongseong {
                    typed[.jongseong, default: []].append((final.rawValue, position))
                }
            case .dual(let first, let second):
                // Either jamo, as the composer chooses it; the spelling does not model the choice.
                for jamo in [first, second] {
                    guard let slot = jamo.slot else { continue }
                    typed[slot, default: []].append((jamo.rawValue, position))
                }
            case .symbol(let scalar):
                if characters[scalar.value] == nil { characters[scalar.value] = position }
            case .none:
                if characters[UInt32(position.ascii)] == nil { characters[UInt32(position.ascii)] = position }
            }
        }
        var spellings: [JamoSlot: [UInt32: [KeyPosition]]] = [:]
        for slot in JamoSlot.allCases {
            spellings[slot] = Self.closure(of: typed[slot] ?? [], in: slot, layout: layout, options: options)
        }
        // With dual-role medial/final keys (신세벌식's left hand), a vowel such a key types begins no
        // compound, and a final key after an open vowel it combines with would be a vowel: a lone
        // vowel is spelled with a closing key where there is one, a compound from an open first part.
        let closing = Set(
            KeyPosition.all.filter {
                guard case .dual(let first, let second) = layout.action(at: $0) else { return false }
                return first.slot == .jungseong && second.slot == .jongseong
            })
        if !closing.isEmpty {
            spellings[.jungseong] = Self.medials(
                of: typed[.jungseong] ?? [], closing: closing, layout: layout, options: options)
        }
        // Two initials whose pair the table merges into a final cluster (ㄱ+ㅅ → ㄳ, non-choseong-combi
        // on two-set layouts) reach that final even when no pair of finals does.
        if layout.kind == .jamo, options.nonChoseongCombi {
            var seeds: [UInt32: [KeyPosition]] = [:]
            for (value, prefix) in spellings[.choseong] ?? [:] {
                for (jamo, key) in typed[.choseong] ?? [] {
                    let merged = layout.combinations.combine(value, jamo)
                    guard JamoSlot(of: merged) == .jongseong, spellings[.jongseong]?[merged] == nil else { continue }
                    let candidate = prefix + [key]
                    if let known = seeds[merged], !Self.lexicallyBefore(candidate, known) { continue }
                    seeds[merged] = candidate
                }
            }
            if !seeds.isEmpty {
                spellings[.jongseong] = Self.closure(
                    of: typed[.jongseong] ?? [], in: .jongseong, layout: layout, options: options,
                    seeds: (spellings[.jongseong] ?? [:]).merging(seeds) { known, _ in known })
            }
        }
        // Romanized letters replace the tables' spellings; typing them is what checks them.
        if layout.kind == .romaja, romaja.letters != .fromTables {
            for slot in JamoSlot.allCases {
                for (value, _) in spellings[slot] ?? [:] {
                    guard let letters = romaja.romanized(Jamo(rawValue: value)), !letters.isEmpty else { continue }
                    spellings[slot]?[value] = letters.unicodeScalars.compactMap(KeyPosition.init)
                }
            }
        }
        self.spellings = spellings
        characterKeys = characters
    }

    /// Every jamo value a slot can reach from single keys by merging one more key at a time, each
    /// with its shortest spelling (breadth first, so shorter spellings are found first).
    private static func closure(
        of keys: [(jamo: UInt32, key: KeyPosition)], in slot: JamoSlot, layout: Layout, options: ComposerOptions,
        seeds: [UInt32: [KeyPosition]] = [:]
    ) -> [UInt32: [KeyPosition]] {
        let keys = keys.sorted { preferred($0.key, over: $1.key) }
        var best = seeds
        for (jamo, key) in keys where best[jamo] == nil { best[jamo] = [key] }
        var frontier = best.keys.sorted()
        while !frontier.isEmpty {
            var next: [UInt32: [KeyPosition]] = [:]
            for value in frontier {
                guard let prefix = best[value] else { continue }
                for (jamo, key) in keys {
                    let merged = combine(value, jamo, layout: layout, options: options)
                    guard merged != 0, JamoSlot(of: merged) == slot, best[merged] == nil else { continue }
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

    /// Medial spellings on a layout whose `closing` keys type vowels that begin no compound: a
    /// single vowel by a closing key first, a compound extending a spelling that ends in an open key.
    private static func medials(
        of keys: [(jamo: UInt32, key: KeyPosition)], closing: Set<KeyPosition>, layout: Layout,
        options: ComposerOptions
    ) -> [UInt32: [KeyPosition]] {
        let keys = keys.sorted { preferred($0.key, over: $1.key) }
        var best: [UInt32: [KeyPosition]] = [:]
        for (jamo, key) in keys where closing.contains(key) && best[jamo] == nil { best[jamo] = [key] }
        for (jamo, key) in keys where best[jamo] == nil { best[jamo] = [key] }
        var open: [UInt32: [KeyPosition]] = [:]
        for (jamo, key) in keys where !closing.contains(key) && open[jamo] == nil { open[jamo] = [key] }
        var frontier = open.keys.sorted()
        while !frontier.isEmpty {
            var next: [UInt32] = []
            for value in frontier {
                guard let prefix = open[value] else { continue }
                for (jamo, key) in keys {
                    let merged = combine(value, jamo, layout: layout, options: options)
                    guard merged != 0, JamoSlot(of: merged) == .jungseong else { continue }
                    if best[merged] == nil { best[merged] = prefix + [key] }
                    if !closing.contains(key), open[merged] == nil {
                        open[merged] = prefix + [key]
                        next.append(merged)
                    }
                }
            }
            frontier = next.sorted()
        }
        return best
    }

    /// The merge ``Composer`` makes of a slot's value and a typed jamo of the same slot.
    private static func combine(_ first: UInt32, _ second: UInt32, layout: Layout, options: ComposerOptions) -> UInt32 {
        if first == second, layout.kind == .jamo, !layout.typesOldHangul, !options.combiOnDoubleStroke { return 0 }
        let value = layout.combinations.combine(first, second)
        // The composer's own extension, under its conditions: a layout that types ㅘ on a key of its
        // own but has no ㅐ reaches ㅙ only this way (a fuzzed layout file did).
        guard value == 0, options.extendedVowels, layout.kind != .romaja else { return value }
        return Composer.extendedVowels.combine(first, second)
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

    /// The keys that type one character on its own, as US-QWERTY characters with `" "` for the space
    /// bar, or `nil` when the layout cannot type it.
    ///
    /// A precomposed syllable is its jamo in order; a compatibility letter alone (ㅋ) is typed as an
    /// initial or a vowel (not on romaja, which writes no lone letters); a conjoining jamo (old Hangul
    /// written out) as its own slot, its fillers as nothing; any other character by a key that types it
    /// as a symbol or lets it through.
    public func keys(for character: Unicode.Scalar) -> String? {
        if character == " " { return " " }
        return spell(character).map { String($0.keys.map(\.character)) }
    }

    /// The keys that type a text, or `nil` when the layout cannot type some character of it.
    public func keys(for text: String) -> String? {
        var keys = ""
        for (_, strokes) in strokes(for: text) {
            guard let strokes else { return nil }
            keys += strokes.map { if case .key(let position) = $0 { position.character } else { " " } }
        }
        return keys
    }

    /// The strokes that type each character of a text in turn (keys, and ``Stroke/space`` for a
    /// space), spelled in the context of the characters before it; `nil` for a character the layout
    /// cannot type, which is left out: the next one is spelled as if it were not there.
    ///
    /// This is how to type prose that may hold characters a layout lacks (a benchmark's sentences, a
    /// corpus): count what is left out, type the rest.
    public func strokes(for text: String) -> [(character: Unicode.Scalar, strokes: [Stroke]?)] {
        var result: [(character: Unicode.Scalar, strokes: [Stroke]?)] = []
        var previous: Spelling?
        for character in text.unicodeScalars {
            guard var spelling = spell(character), capitalize(&spelling, after: previous) else {
                result.append((character, nil))
                continue
            }
            result.append((character, spelling.keys.map(Stroke.key) + (character == " " ? [.space] : [])))
            previous = spelling
        }
        return result
    }

    /// One character's keys, and what the next syllable must know about it.
    private struct Spelling {
        var keys: [KeyPosition]
        /// A syllable's medial and final (0 for none), which the next syllable's first key may join;
        /// 0 and 0 for anything else.
        var medial: UInt32 = 0
        var final: UInt32 = 0
        /// Whether it is typed from its vowel, the silent ㅇ left out.
        var startsWithVowel = false
        /// Whether its initial takes more than its first key (ㄲ `gg`, ㅊ `ch`) or a first key that
        /// types another jamo after a vowel (`x` for ㅈ, which is ㄳ there).
        var initialNeedsItsOwnSyllable = false
    }

    /// Starts a romaja syllable with a capital letter where ``RomajaWriting/capitals`` asks for one;
    /// `false` when its first key has no capital that types the same.
    private func capitalize(_ spelling: inout Spelling, after previous: Spelling?) -> Bool {
        guard layout.kind == .romaja, spelling.medial != 0, let first = spelling.keys.first else { return true }
        if romaja.capitals == .whereNeeded {
            guard let previous, previous.medial != 0, wouldJoin(spelling, after: previous) else { return true }
        }
        guard let capital = capitalized(first) else { return false }
        spelling.keys[0] = capital
        return true
    }

    /// Whether a romaja syllable typed in lowercase after another would join it rather than start its
    /// own, by the writing rules and the combination table: a vowel takes the last consonant of the
    /// final before it (all but ㅇ, `ng`, which stays) and merges with a vowel the table joins it to.
    /// A consonant after a vowel is read as a final, and one the table joins to the final before it
    /// is merged into it; either way the vowel after it takes it back, unless the initial needs more
    /// than that one key or the merge made ㅇ (ㄴ+ㄱ).
    private func wouldJoin(_ spelling: Spelling, after previous: Spelling) -> Bool {
        guard let first = spelling.keys.first, case .jamo(let jamo) = layout.action(at: first) else { return true }
        if spelling.startsWithVowel {
            if previous.final != 0 { return previous.final != 0x11BC }
            return JamoSlot(of: Self.combine(previous.medial, jamo.rawValue, layout: layout, options: options))
                == .jungseong
        }
        if previous.final == 0 { return spelling.initialNeedsItsOwnSyllable }
        // After a final, x starts a syllable with ㅈ whatever it could merge with.
        if first.ascii | 0x20 == UInt8(ascii: "x") { return false }
        guard let final = jamo.slot == .jongseong ? jamo : jamo.asJongseong else { return false }
        let merged = Self.combine(previous.final, final.rawValue, layout: layout, options: options)
        return JamoSlot(of: merged) == .jongseong && (merged == 0x11BC || spelling.initialNeedsItsOwnSyllable)
    }

    private func spell(_ character: Unicode.Scalar) -> Spelling? {
        if character == " " { return Spelling(keys: []) }
        if let (choseong, jungseong, jongseong) = Syllable.decompose(character) {
            let silent = layout.kind == .romaja && choseong.rawValue == 0x110B
            guard let initial = silent ? [] : keys(for: choseong, in: .choseong),
                let medial = keys(for: jungseong, in: .jungseong)
            else { return nil }
            let initialKeyTypesIt = initial.first.map { layout.action(at: $0) == .jamo(choseong) } ?? true
            var spelling = Spelling(
                keys: initial + medial, medial: jungseong.rawValue, final: jongseong?.rawValue ?? 0,
                startsWithVowel: silent, initialNeedsItsOwnSyllable: initial.count > 1 || !initialKeyTypesIt)
            if let jongseong {
                guard let final = keys(for: jongseong, in: .jongseong) else { return nil }
                spelling.keys += final
            }
            return spelling
        }
        if character.value == Jamo.choseongFiller.rawValue || character.value == Jamo.jungseongFiller.rawValue {
            return Spelling(keys: [])
        }
        if let slot = JamoSlot(of: character.value) {
            return keys(for: Jamo(rawValue: character.value), in: slot).map { Spelling(keys: $0) }
        }
        if layout.kind != .romaja,
            let letter = Jamo(compatibility: character, as: .jungseong)
                ?? Jamo(compatibility: character, as: .choseong),
            let spelled = keys(for: letter, in: letter.slot ?? .choseong)
        {
            return Spelling(keys: spelled)
        }
        return characterKeys[character.value].map { Spelling(keys: [$0]) }
    }

    /// The capital of a letter key when it types at a syllable's start what the key types there, so
    /// that it only adds "start a new syllable"; a capital is its own.
    private func capitalized(_ key: KeyPosition) -> KeyPosition? {
        if (0x41...0x5A).contains(key.ascii) { return key }
        guard (0x61...0x7A).contains(key.ascii), let capital = KeyPosition(ascii: key.ascii - 0x20),
            atSyllableStart(capital) == atSyllableStart(key)
        else { return nil }
        return capital
    }

    /// What a key types at the start of a romaja syllable: its table entry, except that `x` and `X`
    /// type ㅈ there whatever the table says (the composer's romaja rule; `ro` has `x` as final ㄳ).
    private func atSyllableStart(_ key: KeyPosition) -> KeyAction {
        key.ascii | 0x20 == UInt8(ascii: "x") ? .jamo(Jamo(rawValue: 0x110C)) : layout.action(at: key)
    }
}
