import HangulCore

/// Transliterates Korean text into the Latin letters a romaja layout turns back into it.
///
/// Each syllable is spelled from its jamo with the letters ``LayoutTypist`` finds in the layout's
/// key table (ㄱ `g`, ㅓ `eo`, final ㅇ `ng`); the silent initial ㅇ is not typed, as the layout
/// adds it before a lone vowel. Where that spelling would run into the syllable before (아이 typed
/// `ai` is 애; 안아 typed `ana` is 아나), the syllable starts with a capital letter, which the
/// layout reads as a syllable break: `aI`, `anA`. Which one a syllable needs is found by typing it
/// into a ``Composer`` and comparing the text with the original, so the transliteration is checked
/// as it is made.
public struct RomajaTypist: KeySpeller {
    private let typist: LayoutTypist
    /// The engine state after the keys spelled so far, and the text of the current word it holds:
    /// commits since the last space, then the preedit.
    private var composer: Composer
    private var committed: [UInt32] = []
    private var target: [UInt32] = []

    public init(_ typist: LayoutTypist) {
        self.typist = typist
        var options = ComposerOptions()
        options.extendedVowels = false
        composer = Composer(layout: typist.layout, options: options)
    }

    public mutating func keys(for character: Character) -> [TypedKey]? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else { return nil }
        if scalar == " " {
            _ = composer.flush()
            committed.removeAll()
            target.removeAll()
            return [.space]
        }
        for candidate in spellings(of: scalar) {
            var trial = composer
            var text = committed
            for key in candidate {
                let output = trial.process(key)
                text += output.commit.scalars
                if !output.consumed { text.append(UInt32(key.ascii)) }
            }
            if text + trial.preedit.scalars == target + [scalar.value] {
                composer = trial
                committed = text
                target.append(scalar.value)
                return candidate.map { .position($0) }
            }
        }
        return nil
    }

    /// The ways to type one character, in order of preference: plain letters, then with a capital
    /// first letter.
    private func spellings(of scalar: Unicode.Scalar) -> [[KeyPosition]] {
        guard let (choseong, jungseong, jongseong) = Syllable.decompose(scalar) else {
            return typist.key(forCharacter: scalar).map { [[$0]] } ?? []
        }
        let silent = choseong.rawValue == 0x110B
        guard let initial = silent ? [] : typist.keys(forJamo: choseong.rawValue),
            let medial = typist.keys(forJamo: jungseong.rawValue)
        else { return [] }
        var keys = initial + medial
        if let jongseong {
            guard let final = typist.keys(forJamo: jongseong.rawValue) else { return [] }
            keys += final
        }
        var spellings = [keys]
        let layout = typist.layout
        if let first = keys.first, let capital = KeyPosition(ascii: first.ascii & ~0x20), capital != first,
            layout.action(at: capital) == layout.action(at: first)
        {
            spellings.append([capital] + keys.dropFirst())
        }
        return spellings
    }
}
