import HangulCore

/// Turns text into the keys that type it on one layout, by inverting the layout's key table.
///
/// A syllable is typed as its jamo in order: initial, medial, final. On a ``Layout/Kind/jaso``
/// layout (sebeolsik) each key names its slot, so a jamo is typed by the key that gives it. On a
/// ``Layout/Kind/jamo`` layout (dubeolsik), and on a romaja layout, consonant keys give initials and
/// the composer decides which become finals, so a final is typed by the key of the same consonant
/// as an initial. A jamo
/// no key gives (ㅘ, ㄺ, a sebeolsik ㄲ) is typed as the parts the layout's combination table merges
/// into it. Symbols and digits are typed by a key that commits them (a sebeolsik symbol key) or by
/// their own US-QWERTY position when the layout lets it through; a character the layout cannot
/// type is left out of the text.
///
/// On a romaja layout this gives the letters of each jamo (ㅓ as `eo`, final ㅇ as `ng`); where
/// syllables part and the silent ㅇ are ``RomajaTypist``'s business.
public struct LayoutTypist: KeySpeller, Sendable {
    public let layout: Layout
    /// The keys for each modern jamo the layout can type, by conjoining code point.
    private let jamoKeys: [UInt32: [KeyPosition]]
    /// The key for each ASCII character typed as itself.
    private let characterKeys: [UInt32: KeyPosition]

    public init(layout: Layout) {
        self.layout = layout
        var direct: [UInt32: KeyPosition] = [:]
        var characters: [UInt32: KeyPosition] = [:]
        for position in Self.positionsByEase {
            switch layout.action(at: position) {
            case .jamo(let jamo):
                if direct[jamo.rawValue] == nil { direct[jamo.rawValue] = position }
            case .symbol(let scalar):
                if characters[scalar.value] == nil { characters[scalar.value] = position }
            case .none:
                break
            }
        }
        for position in Self.positionsByEase where layout.action(at: position) == .none {
            let scalar = UInt32(position.ascii)
            if characters[scalar] == nil { characters[scalar] = position }
        }
        var solver = Solver(layout: layout, direct: direct)
        var keys: [UInt32: [KeyPosition]] = [:]
        let modern = [Jamo.modernChoseongRange, Jamo.modernJungseongRange, Jamo.modernJongseongRange]
        for value in modern.joined() {
            if let sequence = solver.keys(for: value) { keys[value] = sequence }
        }
        jamoKeys = keys
        characterKeys = characters
    }

    /// The keys that type one modern jamo (conjoining code point), or `nil` when none do.
    public func keys(forJamo value: UInt32) -> [KeyPosition]? { jamoKeys[value] }

    /// The key that types a character as itself (punctuation, digits), or `nil`.
    public func key(forCharacter scalar: Unicode.Scalar) -> KeyPosition? { characterKeys[scalar.value] }

    /// The keys that type one character, or `nil` when this layout cannot type it.
    public func keys(for character: Character) -> [TypedKey]? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
        if scalar == " " { return [.space] }
        if let (choseong, jungseong, jongseong) = Syllable.decompose(scalar) {
            guard let initial = jamoKeys[choseong.rawValue], let medial = jamoKeys[jungseong.rawValue] else {
                return nil
            }
            var sequence = initial + medial
            if let jongseong {
                guard let final = jamoKeys[jongseong.rawValue] else { return nil }
                sequence += final
            }
            return sequence.map { .position($0) }
        }
        return characterKeys[scalar.value].map { [.position($0)] }
    }

    /// Every position, unshifted keys first: where Shift and the plain key type the same jamo
    /// (dubeolsik's ㅏ on `k` and `K`), a typist presses the plain key.
    static let positionsByEase: [KeyPosition] =
        KeyPosition.all.filter { !needsShift($0.ascii) }
        + KeyPosition.all.filter { needsShift($0.ascii) }

    /// Whether a US-QWERTY character takes Shift.
    static func needsShift(_ ascii: UInt8) -> Bool {
        (ascii >= UInt8(ascii: "A") && ascii <= UInt8(ascii: "Z"))
            || Array("~!@#$%^&*()_+{}|:\"<>?".utf8).contains(ascii)
    }

    /// Finds key sequences for jamo, decomposing through the combination table where no key gives one.
    private struct Solver {
        let layout: Layout
        let direct: [UInt32: KeyPosition]
        var solved: [UInt32: [KeyPosition]?] = [:]

        mutating func keys(for jamo: UInt32) -> [KeyPosition]? {
            if let known = solved[jamo] { return known }
            solved[jamo] = .some(nil)  // a cycle through this jamo is no way to type it
            let found = search(jamo)
            solved[jamo] = found
            return found
        }

        private mutating func search(_ jamo: UInt32) -> [KeyPosition]? {
            if let key = direct[jamo] { return [key] }
            if layout.kind != .jaso, JamoSlot(of: jamo) == .jongseong,
                let initial = Jamo(rawValue: jamo).asChoseong, let key = direct[initial.rawValue]
            {
                return [key]
            }
            guard let slot = JamoSlot(of: jamo) else { return nil }
            for first in Self.range(of: slot) {
                for second in Self.range(of: slot) where layout.combinations.combine(first, second) == jamo {
                    // Two-set layouts merge an identical pair only with combi-on-double-stroke.
                    if layout.kind == .jamo, first == second { continue }
                    if let head = keys(for: first), let tail = keys(for: second) { return head + tail }
                }
            }
            return nil
        }

        /// The conjoining code points of a slot, old Hangul included.
        static func range(of slot: JamoSlot) -> [UInt32] {
            switch slot {
            case .choseong: Array(0x1100...0x115E) + Array(0xA960...0xA97C)
            case .jungseong: Array(0x1161...0x11A7) + Array(0xD7B0...0xD7C6)
            case .jongseong: Array(0x11A8...0x11FF) + Array(0xD7CB...0xD7FB)
            }
        }
    }
}
