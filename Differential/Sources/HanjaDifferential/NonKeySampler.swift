import HangulCoreTesting

/// Seeded lookup keys that are not keys of the dictionary, shaped to exercise each match kind.
///
/// Each draw takes one of these shapes: a key with a syllable added after it (prefix matches find
/// the key) or before it (suffix matches do); two keys run together; a key with its last syllable
/// changed; one to eight random Hangul syllables; one to three compatibility jamo, alone or after a
/// syllable (the symbol keys); a key with ASCII beside it; and a line of text up to 32 characters,
/// keys and spaces, as a frontend sends the text before the cursor. A draw that happens to be a key
/// is drawn again.
public struct NonKeySampler {
    private let keys: [String]
    private let keySet: Set<String>
    private var random: SplitMix64

    public init(keys: [String], seed: UInt64) {
        self.keys = keys
        self.keySet = Set(keys)
        random = SplitMix64(seed: seed)
    }

    public mutating func next() -> String {
        while true {
            let candidate = draw()
            if !candidate.isEmpty && !keySet.contains(candidate) { return candidate }
        }
    }

    private mutating func draw() -> String {
        switch random.next() % 9 {
        case 0: return key() + syllable()
        case 1: return syllable() + key()
        case 2: return key() + key()
        case 3:
            let base = key()
            return String(base.unicodeScalars.dropLast().map(Character.init)) + syllable()
        case 4: return (0..<Int(1 + random.next() % 8)).map { _ in syllable() }.joined()
        case 5:
            return (random.next() % 2 == 0 ? "" : syllable())
                + (0..<Int(1 + random.next() % 3)).map { _ in jamo() }.joined()
        case 6: return random.next() % 2 == 0 ? "a" + key() : key() + " "
        case 7:
            return key().unicodeScalars.count > 1
                ? String(key().unicodeScalars.shuffled(using: &random).map(Character.init)) : syllable() + syllable()
        default:
            var text = ""
            while text.unicodeScalars.count < 32 { text += (random.next() % 3 == 0 ? " " : "") + key() }
            return String(text.unicodeScalars.suffix(Int(1 + random.next() % 32)).map(Character.init))
        }
    }

    private mutating func key() -> String { keys.isEmpty ? syllable() : keys[Int(random.next() % UInt64(keys.count))] }

    private mutating func syllable() -> String {
        String(Character(Unicode.Scalar(0xAC00 + UInt32(random.next() % 11172)).map { $0 } ?? " "))
    }

    private mutating func jamo() -> String {
        String(Character(Unicode.Scalar(0x3131 + UInt32(random.next() % 51)).map { $0 } ?? " "))
    }
}
