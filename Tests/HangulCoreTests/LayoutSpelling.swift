import HangulCore

/// The keys that type each jamo on a layout, found by inverting the layout's own tables: its key
/// table gives the jamo with a key of their own, and its combination table the compound ones (a
/// compound's keys are its first part's, then the key of the jamo merged into it, in the order the
/// composer merges them). Nothing here knows a particular keyboard.
///
/// On a dubeolsik-kind layout a consonant key types an initial that becomes a final by context, so
/// the same key also spells that consonant's final. Where several spellings exist the shortest is
/// kept, preferring unshifted keys.
struct LayoutSpelling {
    let layout: Layout
    /// Keys for each conjoining jamo the layout can type; the jamo's code point says its slot.
    private(set) var spellings: [UInt32: [KeyPosition]] = [:]

    init(_ layout: Layout) {
        self.layout = layout
        // Jamo with a key of their own. Lowercase letters sort after capitals, so walking the
        // positions backwards meets the unshifted key first.
        var direct: [UInt32: KeyPosition] = [:]
        for position in KeyPosition.all.reversed() {
            guard case .jamo(let jamo) = layout.action(at: position) else { continue }
            var typed = [jamo]
            if layout.kind == .jamo, let final = jamo.asJongseong, final != jamo { typed.append(final) }
            for jamo in typed where direct[jamo.rawValue] == nil { direct[jamo.rawValue] = position }
        }
        for (jamo, position) in direct { spellings[jamo] = [position] }

        // Compounds: merge a spelled jamo with a directly typed one of the same slot, until nothing
        // new or shorter turns up.
        var changed = true
        while changed {
            changed = false
            for (first, firstKeys) in spellings.sorted(by: { $0.key < $1.key }) {
                for (second, secondKey) in direct.sorted(by: { $0.key < $1.key }) {
                    let result = layout.combinations.combine(first, second)
                    let slot = JamoSlot(of: first)
                    guard result != 0, JamoSlot(of: second) == slot, JamoSlot(of: result) == slot else { continue }
                    let keys = firstKeys + [secondKey]
                    if let known = spellings[result], known.count <= keys.count { continue }
                    spellings[result] = keys
                    changed = true
                }
            }
        }
    }

    /// The keys for a precomposed modern syllable: its initial's, its medial's, then its final's;
    /// `nil` when the layout cannot type one of them.
    func keys(for syllable: Unicode.Scalar) -> [KeyPosition]? {
        guard let (choseong, jungseong, jongseong) = Syllable.decompose(syllable),
            let initial = spellings[choseong.rawValue], let medial = spellings[jungseong.rawValue]
        else { return nil }
        guard let jongseong else { return initial + medial }
        guard let final = spellings[jongseong.rawValue] else { return nil }
        return initial + medial + final
    }
}
