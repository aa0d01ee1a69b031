import HangulCore
import Testing

/// Types the same keys into libhangul and into our composer and compares commit, preedit and the
/// consumed flag after every key.
@Suite struct DifferentialTests {
    /// Keys for the random walks: every letter in both cases, some non-letters, and `<` for BackSpace.
    static let alphabet: [UInt8] = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ1 ;.<<<<".utf8)

    /// With `auto-reorder`, libhangul's backspace loses a vowel typed before the initial (ㅗ, ㄱ, ㅏ
    /// → 과, then BackSpace shows ㄱ and the next BackSpace deletes an invisible ㅗ); we show 고, a
    /// deliberate difference tested in ``ComposerTests``. Those walks leave BackSpace out.
    static func alphabet(for options: ComposerOptions) -> [UInt8] {
        options.autoReorder ? alphabet.filter { $0 != UInt8(ascii: "<") } : alphabet
    }

    struct Mismatch: CustomStringConvertible {
        var keys: String
        var step: Int
        var ours: Libhangul.Step
        var theirs: Libhangul.Step
        var description: String {
            "after \"\(keys)\" (key \(step + 1)): ours \(ours); libhangul \(theirs)"
        }
    }

    /// Replays `keys` ('<' = BackSpace) into both and returns the first disagreement.
    static func firstMismatch(_ keys: [UInt8], options: ComposerOptions, oracle: Libhangul) -> Mismatch? {
        var composer = Composer(layout: .dubeolsik, options: options)
        oracle.reset()
        for (index, key) in keys.enumerated() {
            let theirs: Libhangul.Step
            let output: Composer.Output
            if key == UInt8(ascii: "<") {
                theirs = oracle.backspace()
                output = composer.backspace()
            } else {
                theirs = oracle.process(key)
                guard let position = KeyPosition(ascii: key) else {
                    // Space is never a position: the caller commits and forwards it.
                    output = Composer.Output(consumed: false, commit: composer.flush())
                    let ours = Libhangul.Step(consumed: false, commit: output.commit.scalars, preedit: [])
                    if ours != theirs {
                        return Mismatch(
                            keys: String(decoding: keys[...index], as: UTF8.self), step: index, ours: ours,
                            theirs: theirs)
                    }
                    continue
                }
                output = composer.process(position)
            }
            let ours = Libhangul.Step(
                consumed: output.consumed, commit: output.commit.scalars, preedit: composer.preedit.scalars)
            if ours != theirs {
                return Mismatch(
                    keys: String(decoding: keys[...index], as: UTF8.self), step: index, ours: ours, theirs: theirs)
            }
        }
        let ours = composer.flush().scalars
        let theirs = oracle.flush()
        if ours != theirs {
            return Mismatch(
                keys: String(decoding: keys, as: UTF8.self) + "<flush>", step: keys.count,
                ours: Libhangul.Step(consumed: true, commit: ours, preedit: []),
                theirs: Libhangul.Step(consumed: true, commit: theirs, preedit: []))
        }
        return nil
    }

    /// Every combination of libhangul's three options, both output forms, our extension off.
    static let optionSets: [ComposerOptions] = {
        var all: [ComposerOptions] = []
        for bits in 0..<16 {
            var options = ComposerOptions()
            options.extendedVowels = false
            options.autoReorder = bits & 1 != 0
            options.combiOnDoubleStroke = bits & 2 != 0
            options.nonChoseongCombi = bits & 4 != 0
            options.output = bits & 8 != 0 ? .jamo : .syllables
            all.append(options)
        }
        return all
    }()

    @Test(arguments: optionSets)
    func randomKeyStreamsMatchLibhangulStepByStep(options: ComposerOptions) {
        let oracle = Libhangul()
        oracle.setOptions(options)
        var generator = SplitMix64(seed: 0x2B_EA_C0DE)
        let alphabet = Self.alphabet(for: options)
        for _ in 0..<5_000 {
            let length = Int(generator.next() % 24) + 1
            let keys = (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            if let mismatch = Self.firstMismatch(keys, options: options, oracle: oracle) {
                Issue.record("\(mismatch)")
                return
            }
        }
    }

    @Test(arguments: optionSets)
    func everyPairAndTripleOfKeysMatchesLibhangul(options: ComposerOptions) {
        let oracle = Libhangul()
        oracle.setOptions(options)
        let letters = Array("abcdefghijklmnopqrstuvwxyzQWERTOP<".utf8)
        for first in letters {
            for second in letters {
                for third in letters {
                    if let mismatch = Self.firstMismatch([first, second, third], options: options, oracle: oracle) {
                        Issue.record("\(mismatch)")
                        return
                    }
                }
            }
        }
    }
}

/// A small deterministic generator so failures reproduce from the seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension ComposerOptions: CustomTestStringConvertible {
    public var testDescription: String {
        Option.allCases.map { "\($0.rawValue)=\(self[$0] ? "on" : "off")" }.joined(separator: ",")
            + ",output=\(output.rawValue)"
    }
}
