import HangulCore
import Testing

/// User layout files are arbitrary text, and the tables they define reach the composer, which the
/// daemon runs for every client: neither the parser nor the composer may trap on any of them. A
/// trap would end the test process, so these sweeps fail by crashing; each also checks a law.
@Suite struct UserLayoutRobustnessTests {
    /// Every conjoining jamo a file may name, by slot (fillers excluded, as the parser refuses them).
    static let jamo: [(slot: String, values: [UInt32])] = [
        ("initial", Array(0x1100...0x115E) + Array(0xA960...0xA97C)),
        ("medial", Array(0x1161...0x11A7) + Array(0xD7B0...0xD7C6)),
        ("final", Array(0x11A8...0x11FF) + Array(0xD7CB...0xD7FB)),
    ]

    static func code(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// A random well-formed layout: a few dozen keys with random jamo (on direct layouts, some with
    /// two, dual-role) or symbols, and combinations
    /// whose parts and results are any jamo of any slot, including pairs that merge into a
    /// different slot or into one of their own parts.
    static func randomLayoutFile(_ generator: inout SplitMix64, kind: Layout.Kind) -> String {
        var lines = ["id random", "name Random", "kind \(kind.rawValue)"]
        if generator.next() % 2 == 0 { lines.append("old-hangul yes") }
        func pick(_ generator: inout SplitMix64) -> (String, UInt32) {
            let slot = jamo[Int(generator.next() % 3)]
            // Modern jamo most of the time, so that combinations meet typed keys.
            let pool = generator.next() % 4 == 0 ? slot.values : Array(slot.values.prefix(21))
            return (slot.slot, pool[Int(generator.next() % UInt64(pool.count))])
        }
        var keys = KeyPosition.all
        keys.shuffle(using: &generator)
        for (index, position) in keys.prefix(Int(generator.next() % 40) + 1).enumerated() {
            // The first key is a jamo: a file without one is refused.
            if index > 0, generator.next() % 8 == 0 {
                lines.append("key \(position) symbol \(code(0x21 + UInt32(generator.next() % 0x5E)))")
            } else {
                var (slot, value) = pick(&generator)
                // Two-set layouts refuse final keys: the composer finds finals itself.
                while kind == .jamo, slot == "final" { (slot, value) = pick(&generator) }
                var line = "key \(position) \(slot) \(code(value))"
                // Direct layouts also get dual-role keys (갈마들이): a second jamo of another slot.
                if kind == .jaso, generator.next() % 3 == 0 {
                    var (other, otherValue) = pick(&generator)
                    while other == slot { (other, otherValue) = pick(&generator) }
                    line += " \(other) \(code(otherValue))"
                }
                lines.append(line)
            }
        }
        var pairs = Set<UInt64>()
        for _ in 0..<Int(generator.next() % 60) {
            let (firstSlot, first) = pick(&generator)
            let (secondSlot, second) = pick(&generator)
            let (resultSlot, result) = pick(&generator)
            guard pairs.insert(UInt64(first) << 32 | UInt64(second)).inserted else { continue }
            lines.append(
                "combine \(firstSlot) \(code(first)) + \(secondSlot) \(code(second)) = \(resultSlot) \(code(result))")
        }
        return lines.joined(separator: "\n")
    }

    /// Types random keys (BackSpace and flushes among them) on random user layouts under random
    /// options, then backspaces: every BackSpace the composer consumes removes a keystroke, so it
    /// runs out, leaving nothing composed.
    @Test(arguments: Layout.Kind.allCases)
    func anyUserLayoutTypesWithoutTrapping(kind: Layout.Kind) throws {
        var generator = SplitMix64(seed: 0x4C41_594F_5554 &+ UInt64(kind.rawValue.utf8.count))
        for _ in 0..<150 {
            let layout = try LayoutFile.parse(Self.randomLayoutFile(&generator, kind: kind), source: "random.layout")
            var options = ComposerOptions()
            let bits = generator.next()
            options.autoReorder = bits & 1 != 0
            options.combiOnDoubleStroke = bits & 2 != 0
            options.nonChoseongCombi = bits & 4 != 0
            options.extendedVowels = bits & 8 != 0
            options.output = bits & 16 != 0 ? .jamo : .syllables
            var composer = Composer(layout: layout, options: options)
            for _ in 0..<200 {
                switch generator.next() % 10 {
                case 0: _ = composer.backspace()
                case 1: _ = composer.flush()
                default: _ = composer.process(KeyPosition.all[Int(generator.next() % UInt64(KeyPosition.count))])
                }
            }
            var presses = 0
            while composer.backspace().consumed, presses <= 200 { presses += 1 }
            #expect(composer.isEmpty && composer.preedit.isEmpty)
            #expect(presses <= 200)
        }
    }

    /// Random lines built from the format's own words, mostly broken: each file either parses or is
    /// rejected with a line inside the file (or 0 for the file as a whole), never a trap.
    @Test func anyTextEitherParsesOrIsRejectedWithALineInTheFile() {
        let words = [
            "id", "alias", "name", "name-ko", "kind", "old-hangul", "key", "combine", "#", "jamo", "jaso", "romaja",
            "yes", "no", "initial", "medial", "final", "symbol", "+", "=", "ㄱ", "ㅏ", "ㄳ", "ㆍ", "U+1100", "U+11A8",
            "U+", "U+D800", "u+1161", "k", "K", "~", "#x", "\t", "é", "\u{1100}\u{1161}", "가", "", "\r", "mine",
        ]
        var generator = SplitMix64(seed: 0x50_4152_5345)
        var parsed = 0
        for _ in 0..<3_000 {
            let lineCount = Int(generator.next() % 12)
            var lines = ["id mine", "name Mine", "kind jaso", "key k initial ㄱ"].filter { _ in generator.next() % 3 != 0
            }
            for _ in 0..<lineCount {
                let length = Int(generator.next() % 10)
                lines.append(
                    (0..<length).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " "))
            }
            lines.shuffle(using: &generator)
            let text = lines.joined(separator: generator.next() % 2 == 0 ? "\n" : "\r\n")
            do {
                _ = try LayoutFile.parse(text, source: "fuzz.layout")
                parsed += 1
            } catch {
                #expect((0...lines.count).contains(error.line), "\(error)")
                #expect(error.source == "fuzz.layout")
                #expect(!error.reason.isEmpty)
            }
        }
        #expect(parsed > 0, "the sweep should reach files that parse, too")
    }
}
