import HangulCore

/// Checks that what a composer outputs on a layout is well formed and could only come from it.
///
/// A commit is a run of whole syllables, each a precomposed syllable, a compatibility letter of a
/// jamo the layout can type, or a conjoining block (initial or filler, medial or filler, optional
/// final) of such jamo, never two fillers alone; a symbol key may add its own symbol at the end. A
/// preedit is one such syllable or nothing, so never more than three scalars. "Jamo the layout can
/// type" is ``KeySpeller/reachableJamo(in:)`` with every option on; on old-Hangul layouts, whose
/// finals the speller cannot all derive, it is any jamo of the slot, so only the shape is checked.
public struct OutputValidator: Sendable {
    public let layout: Layout
    private let choseong: Set<UInt32>
    private let jungseong: Set<UInt32>
    private let jongseong: Set<UInt32>
    private let compatibility: Set<UInt32>
    private let anyJamo: Bool

    public init(layout: Layout) {
        self.layout = layout
        let speller = KeySpeller(layout: layout, options: .everythingOn)
        // Romaja writes a vowel with no consonant before it with a silent ㅇ, and a consonant that
        // cannot join the next with ㅡ (k then s → 크), whether or not some key types them; and `x`
        // (or `X`) is ㅈ at the start of a syllable whatever jamo its key names (libhangul's rule:
        // a fuzzed romaja layout whose X names an archaic initial shows ㅈ).
        let xTypesJamo = [UInt8(ascii: "x"), UInt8(ascii: "X")].contains { ascii in
            guard let position = KeyPosition(ascii: ascii), case .jamo = layout.action(at: position) else {
                return false
            }
            return true
        }
        let silent: Set<UInt32> = layout.kind == .romaja ? (xTypesJamo ? [0x110B, 0x110C] : [0x110B]) : []
        let implicitVowel: Set<UInt32> = layout.kind == .romaja ? [0x1173] : []
        // Every jamo a key names types itself in its slot, whether or not the speller finds a way
        // to write it in text: a romaja layout whose key names an archaic initial (ㅀ as U+A968, a
        // fuzzed layout) shows it before a vowel although no romanization reads back to it.
        var direct: [JamoSlot: Set<UInt32>] = [:]
        for position in KeyPosition.all {
            let named: [Jamo] =
                switch layout.action(at: position) {
                case .jamo(let jamo): [jamo]
                case .dual(let first, let second): [first, second]
                case .symbol, .none: []
                }
            for jamo in named {
                if let slot = JamoSlot(of: jamo.rawValue) { direct[slot, default: []].insert(jamo.rawValue) }
            }
        }
        // On romaja a vowel after a final moves all or part of it to the next syllable: a final with
        // no split rule goes whole as the next initial (a fuzzed layout's x typing final ㄻ, then y:
        // 부 and ꥨ, U+A968), and a final with one splits (ㄳ stays ㄱ and gives ㅅ, even on a fuzzed
        // layout where no key types final ㄱ). Those initials and remaining finals are the layout's
        // too.
        let finals = Set(speller.reachableJamo(in: .jongseong).map(\.rawValue)).union(direct[.jongseong] ?? [])
        var takenInitials: Set<UInt32> = []
        var remainingFinals: Set<UInt32> = []
        if layout.kind == .romaja {
            for final in finals.map(Jamo.init) {
                if let whole = final.asChoseong { takenInitials.insert(whole.rawValue) }
                let split = final.romajaSplit
                if let remains = split.remains { remainingFinals.insert(remains.rawValue) }
                if let initial = split.initial { takenInitials.insert(initial.rawValue) }
            }
        }
        choseong = Set(speller.reachableJamo(in: .choseong).map(\.rawValue)).union(silent)
            .union(direct[.choseong] ?? []).union(takenInitials)
        jungseong = Set(speller.reachableJamo(in: .jungseong).map(\.rawValue)).union(implicitVowel)
            .union(direct[.jungseong] ?? [])
        jongseong = finals.union(remainingFinals)
        var compatibility = Set<UInt32>()
        for slot in JamoSlot.allCases {
            let implicit = slot == .choseong ? silent : slot == .jungseong ? implicitVowel : []
            for jamo in speller.reachableJamo(in: slot) + implicit.map(Jamo.init) {
                if let letter = jamo.compatibility { compatibility.insert(letter.value) }
            }
        }
        self.compatibility = compatibility
        anyJamo = layout.typesOldHangul
    }

    private func reachable(_ scalar: UInt32, _ slot: JamoSlot) -> Bool {
        if anyJamo { return JamoSlot(of: scalar) == slot }
        switch slot {
        case .choseong: return choseong.contains(scalar)
        case .jungseong: return jungseong.contains(scalar)
        case .jongseong: return jongseong.contains(scalar)
        }
    }

    /// What is wrong with the commit of one stroke, or `nil` when it is fine.
    public func problem(inCommit commit: [UInt32], after stroke: Stroke) -> String? {
        var scalars = commit[...]
        if case .key(let position) = stroke, case .symbol(let symbol) = layout.action(at: position) {
            guard scalars.last == symbol.value else {
                return "symbol key \(position) did not commit its symbol U+\(hex(symbol.value)) last: \(show(commit))"
            }
            scalars = scalars.dropLast()
        }
        while !scalars.isEmpty {
            guard let length = syllableLength(scalars) else { return "not a syllable at \(show(Array(scalars)))" }
            scalars = scalars.dropFirst(length)
        }
        return nil
    }

    /// What is wrong with a preedit, or `nil` when it is one syllable or nothing.
    public func problem(inPreedit preedit: [UInt32]) -> String? {
        if preedit.isEmpty { return nil }
        guard syllableLength(preedit[...]) == preedit.count else {
            return "preedit is not one syllable: \(show(preedit))"
        }
        return nil
    }

    /// The number of scalars of the syllable that starts `scalars`, or `nil` when none does.
    private func syllableLength(_ scalars: ArraySlice<UInt32>) -> Int? {
        guard let first = scalars.first else { return nil }
        if Syllable.isPrecomposed(first) || compatibility.contains(first) { return 1 }
        if anyJamo, (0x3131...0x318E).contains(first) { return 1 }
        let filler = (choseong: Jamo.choseongFiller.rawValue, jungseong: Jamo.jungseongFiller.rawValue)
        guard first == filler.choseong || reachable(first, .choseong) else { return nil }
        let rest = scalars.dropFirst()
        guard let second = rest.first, second == filler.jungseong || reachable(second, .jungseong) else { return nil }
        if let third = rest.dropFirst().first, reachable(third, .jongseong) { return 3 }
        // Two fillers show nothing: an empty syllable must never be written.
        return first == filler.choseong && second == filler.jungseong ? nil : 2
    }

    private func show(_ scalars: [UInt32]) -> String { scalars.map { "U+" + hex($0) }.joined(separator: " ") }
    private func hex(_ value: UInt32) -> String { String(value, radix: 16, uppercase: true) }
}
