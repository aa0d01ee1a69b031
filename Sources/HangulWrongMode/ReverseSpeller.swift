import HangulCore
import HangulKeys

/// Turns text back into the keys that type it on a layout: `한글` is `gksrmf` on dubeolsik.
///
/// Each jamo is spelled from the layout's key and combination tables read backwards (the shortest
/// key sequence, unshifted keys first; a compound the layout has no key for is typed as its parts),
/// and each character's keys are then *checked* by typing them into an ``InputContext`` after the
/// keys of the text before it. Only keys that give back exactly the text so far are kept, so the
/// round trip (`hangul-compose --reverse`, then typing the result) is the identity on any text the
/// layout can type. When the plain spelling would merge into the syllable before (a vowel taking
/// the last final on romaja: 안아), the romaja layout's capital letter, which starts a syllable,
/// is tried next. On a layout with dual-role keys (신세벌식) a key's jamo depends on the keys around
/// it, so every shortest spelling of each jamo is kept and a syllable's combinations are tried in
/// turn (a left-hand ㅜ before a final, a right-hand ㅜ before the ㅔ of 웨). A character no key of
/// the layout types (hanja, other scripts, `€`) is written as itself, which types it as a key the
/// engine lets through; `<` is written `<less>`.
///
/// Limits: Latin letters on a Hangul layout are Hangul keys, so Latin text is written as itself and
/// does not round-trip (typing it gives Hangul); so are control characters such as Tab, which a
/// text field does not receive as text. A run of lone letters that merge when typed (ㄱㅏ, which
/// types 가) cannot be typed on a two-set layout without a key in between: the second letter is
/// written as itself.
public struct ReverseSpeller {
    public let layout: Layout
    public let options: ComposerOptions
    /// The shortest keys for each conjoining jamo value the layout reaches.
    private var spellings: [UInt32: [KeyPosition]] = [:]
    /// On a layout with dual-role keys, every shortest spelling of each jamo, best first: which
    /// role a key plays depends on the keys before it (a left-hand ㅜ then ㅔ is 웇, a right-hand ㅜ
    /// then ㅔ is 웨), so the candidates combine these and the typist keeps the one that works.
    private var alternatives: [UInt32: [[KeyPosition]]] = [:]
    /// Keys that type a character outright: a symbol of the layout, or a key it lets through.
    private var characterKeys: [UInt32: KeyPosition] = [:]

    public init(layout: Layout, options: ComposerOptions = ComposerOptions()) {
        self.layout = layout
        self.options = options
        let positions = KeyPosition.all.sorted { Self.preferred($0, over: $1) }
        var single: [(jamo: UInt32, key: KeyPosition)] = []
        for position in positions {
            switch layout.action(at: position) {
            case .jamo(let jamo):
                single.append((jamo.rawValue, position))
                // Consonant keys of two-set and romaja layouts also type finals.
                if layout.kind != .jaso, jamo.slot == .choseong, let final = jamo.asJongseong {
                    single.append((final.rawValue, position))
                }
            case .dual(let first, let second):
                single.append((first.rawValue, position))
                single.append((second.rawValue, position))
            case .symbol(let scalar):
                if characterKeys[scalar.value] == nil { characterKeys[scalar.value] = position }
            case .none:
                if characterKeys[UInt32(position.ascii)] == nil { characterKeys[UInt32(position.ascii)] = position }
            }
        }
        for (jamo, key) in single where spellings[jamo] == nil { spellings[jamo] = [key] }
        // Compounds, one more key at a time: breadth first, so the first spelling found is shortest.
        var frontier = Array(spellings.keys).sorted()
        while !frontier.isEmpty {
            var next: [UInt32] = []
            for value in frontier {
                guard let prefix = spellings[value], let slot = JamoSlot(of: value) else { continue }
                for (jamo, key) in single where JamoSlot(of: jamo) == slot {
                    let merged = layout.combinations.combine(value, jamo)
                    guard merged != 0, JamoSlot(of: merged) == slot, spellings[merged] == nil else { continue }
                    spellings[merged] = prefix + [key]
                    next.append(merged)
                }
            }
            frontier = next.sorted()
        }
        let hasDualKeys = KeyPosition.all.contains { if case .dual = layout.action(at: $0) { true } else { false } }
        if hasDualKeys { alternatives = Self.alternatives(of: spellings, single: single, layout: layout) }
    }

    /// The most spellings kept per jamo: enough for every way 신세벌식 types a vowel (left key,
    /// right key, Shift), few enough that a syllable's candidates stay a handful.
    private static let alternativesPerJamo = 4

    /// Every spelling of each jamo as short as its shortest, single keys first, then compounds
    /// from the alternatives of their first part.
    private static func alternatives(
        of spellings: [UInt32: [KeyPosition]], single: [(jamo: UInt32, key: KeyPosition)], layout: Layout
    ) -> [UInt32: [[KeyPosition]]] {
        var result: [UInt32: [[KeyPosition]]] = [:]
        for (jamo, key) in single where spellings[jamo]?.count == 1 {
            if result[jamo, default: []].count < alternativesPerJamo { result[jamo, default: []].append([key]) }
        }
        // Compounds by length, so a compound's first part already has all its alternatives.
        for (value, shortest) in spellings.sorted(by: { ($0.value.count, $0.key) < ($1.value.count, $1.key) })
        where shortest.count > 1 {
            var found: [[KeyPosition]] = []
            for (first, prefixes) in result.sorted(by: { $0.key < $1.key }) {
                guard let width = prefixes.first?.count, width == shortest.count - 1 else { continue }
                for (jamo, key) in single where layout.combinations.combine(first, jamo) == value {
                    for prefix in prefixes where found.count < alternativesPerJamo { found.append(prefix + [key]) }
                }
            }
            // The breadth-first spelling first, so layouts read the same as without alternatives.
            found.removeAll { $0 == shortest }
            result[value] = [shortest] + found.prefix(alternativesPerJamo - 1)
        }
        return result
    }

    /// Unshifted keys before shifted ones (`y` rather than `Y` where both type ㅛ), then ASCII order.
    private static func preferred(_ lhs: KeyPosition, over rhs: KeyPosition) -> Bool {
        let lhsShifted = USQWERTYShift.needsShift(lhs.ascii)
        let rhsShifted = USQWERTYShift.needsShift(rhs.ascii)
        return lhsShifted != rhsShifted ? !lhsShifted : lhs < rhs
    }

    /// The key notation that types `text` into an empty field, `<` written `<less>`.
    public func keys(for text: String) -> String {
        var notation = ""
        for piece in pieces(for: text) {
            switch piece {
            case .keys(let keys):
                for key in keys { notation += key == UInt8(ascii: "<") ? "<less>" : String(Unicode.Scalar(key)) }
            case .literal(let scalar), .untypable(let scalar):
                notation += scalar == "<" ? "<less>" : String(scalar)
            }
        }
        return notation
    }

    /// How one character is written.
    public enum Piece: Equatable, Sendable {
        /// US-QWERTY characters (space included), each the key that types it.
        case keys([UInt8])
        /// The character itself, which types it as a key the engine lets through (hanja, `€`).
        case literal(Unicode.Scalar)
        /// The character itself, although typing it does not give it back here (a Latin letter,
        /// which is a Hangul key; Tab): the text does not round-trip.
        case untypable(Unicode.Scalar)
    }

    /// What each character of `text` is written as, in order.
    public func pieces(for text: String) -> [Piece] {
        var typist = CheckingTypist(layout: layout, options: options, expected: Array(text.unicodeScalars))
        var result: [Piece] = []
        for scalar in text.unicodeScalars {
            var written: Piece?
            for candidate in candidates(for: scalar) where typist.tryTyping(candidate) {
                written = .keys(candidate)
                break
            }
            if written == nil, typist.tryTyping(literal: scalar) { written = .literal(scalar) }
            guard let written else {
                typist.skip()
                result.append(.untypable(scalar))
                continue
            }
            result.append(written)
        }
        return result
    }

    /// Spellings to try for a character, best first.
    private func candidates(for scalar: Unicode.Scalar) -> [[UInt8]] {
        if scalar == " " { return [[UInt8(ascii: " ")]] }
        var result: [[KeyPosition]] = []
        if !alternatives.isEmpty, let (initial, medial, final) = Syllable.decompose(scalar) {
            let tails: [[KeyPosition]] = final.map { alternatives[$0.rawValue] ?? [] } ?? [[]]
            for head in alternatives[initial.rawValue] ?? [] {
                for vowel in alternatives[medial.rawValue] ?? [] {
                    for tail in tails { result.append(head + vowel + tail) }
                }
            }
        } else if let (initial, medial, final) = Syllable.decompose(scalar) {
            let silent = layout.kind == .romaja && initial.rawValue == 0x110B
            if let head = silent ? [] : spellings[initial.rawValue], let vowel = spellings[medial.rawValue] {
                var keys = head + vowel
                if let final {
                    if let tail = spellings[final.rawValue] { keys += tail } else { keys = [] }
                }
                if !keys.isEmpty { result.append(keys) }
            }
        } else if JamoSlot(of: scalar.value) != nil {
            if let keys = spellings[scalar.value] { result.append(keys) }
        } else if layout.kind != .romaja {
            for slot in [JamoSlot.jungseong, .choseong] {
                if let jamo = Jamo(compatibility: scalar, as: slot), let keys = spellings[jamo.rawValue] {
                    result.append(keys)
                    break
                }
            }
        }
        if let key = characterKeys[scalar.value] { result.append([key]) }
        // On romaja a capital letter starts a syllable: the way to keep one from merging into the last.
        if layout.kind == .romaja {
            for keys in result {
                guard let first = keys.first, (0x61...0x7A).contains(first.ascii),
                    let capital = KeyPosition(ascii: first.ascii - 0x20)
                else { continue }
                result.append([capital] + keys.dropFirst())
            }
        }
        return result.map { $0.map(\.ascii) }
    }
}
