import HangulCore
import HangulCoreTesting

/// A deterministic stream of keys typing Korean prose on one layout, typos and corrections included.
///
/// Sentences from ``KoreanText`` are drawn in a seeded random order and typed with a space between
/// them. Like a real typist, the stream sometimes hits a wrong letter and takes it back at once
/// (about 4 keys in 100), and sometimes rubs out the end of a word before the space and types it
/// again (about 1 word in 15), so BackSpace arrives both on a full syllable and on a half-typed one.
public struct KeyStream: Sendable {
    /// The keys, typos and corrections included.
    public let keys: [TypedKey]
    /// The same text typed without a mistake.
    public let cleanKeys: [TypedKey]
    /// The text ``cleanKeys`` type: the sentences, less any character the layout cannot type.
    public let text: String
    /// How many characters of the sentences the layout could not type (left out of ``text``).
    public let skipped: Int
    /// How many of ``keys`` type punctuation and digits.
    private let symbolKeys: Int

    /// Draws sentences until the stream holds at least `count` keys.
    ///
    /// - Parameter speller: spells the text in keys, character by character in context; a character
    ///   it cannot spell is left out and counted.
    /// - Parameter typoKeys: the keys a slip of the finger may hit instead (the layout's letters).
    public init(count: Int, seed: UInt64, typoKeys: [KeyPosition], speller: KeySpeller) {
        var random = SplitMix64(seed: seed)
        var keys: [TypedKey] = []
        var cleanKeys: [TypedKey] = []
        var text = ""
        var skipped = 0
        var symbolKeys = 0
        keys.reserveCapacity(count + 256)
        while keys.count < count {
            let sentence = KoreanText.sentences[random.below(KoreanText.sentences.count)]
            var word: [TypedKey] = []
            for (character, strokes) in speller.strokes(for: sentence + " ") {
                guard let strokes else {
                    skipped += 1
                    continue
                }
                let typed = strokes.map(Self.typedKey)
                text.unicodeScalars.append(character)
                cleanKeys += typed
                if typed != [.space], !Syllable.isPrecomposed(character.value) { symbolKeys += typed.count }
                if typed == [.space] {
                    // Second thoughts about the end of the word: rub out one to three keys, retype them.
                    if random.chance(1.0 / 15), word.count > 3 {
                        let redo = word.suffix(1 + random.below(3))
                        keys += Array(repeating: .backspace, count: redo.count)
                        keys += redo
                    }
                    word.removeAll(keepingCapacity: true)
                    keys.append(.space)
                    continue
                }
                for key in typed {
                    if random.chance(0.04), !typoKeys.isEmpty {
                        keys.append(.position(typoKeys[random.below(typoKeys.count)]))
                        keys.append(.backspace)
                    }
                    keys.append(key)
                    word.append(key)
                }
            }
        }
        self.keys = keys
        self.cleanKeys = cleanKeys
        self.text = text
        self.skipped = skipped
        self.symbolKeys = symbolKeys
    }

    /// A stream for any layout, spelled by reading its tables backwards; on romaja, with a capital
    /// where syllables would otherwise regroup (see ``HangulCoreTesting/KeySpeller``).
    public init(layout: Layout, count: Int, seed: UInt64 = 0x2B_EA_C0DE) {
        let letters = Stroke.hangulKeyPositions(of: layout).filter(\.character.isLetter)
        self.init(count: count, seed: seed, typoKeys: letters, speller: KeySpeller(layout: layout))
    }

    /// A speller's stroke as a stream key: spellers write keys and the space bar, nothing else.
    private static func typedKey(_ stroke: Stroke) -> TypedKey {
        switch stroke {
        case .key(let position): .position(position)
        case .space: .space
        case .backspace, .flush, .reset: preconditionFailure("internal inconsistency: a speller wrote \(stroke)")
        }
    }

    /// Shares of the keys: spaces, BackSpace, and keys typing punctuation and digits.
    public var shares: (space: Double, backspace: Double, punctuation: Double) {
        let total = Double(keys.count)
        let spaces = keys.count { $0 == .space }
        let backspaces = keys.count { $0 == .backspace }
        return (Double(spaces) / total, Double(backspaces) / total, Double(symbolKeys) / total)
    }
}
