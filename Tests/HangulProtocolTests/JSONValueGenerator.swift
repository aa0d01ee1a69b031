import HangulProtocol
import PropertyBased

/// Random JSON values for round-trip properties: nested containers, every scalar case, strings
/// with quotes, backslashes, controls, Hangul and astral characters, and numbers the parser keeps
/// as text.
enum JSONValueGenerator {
    static let values = Generator<JSONValue, Shrink.None<JSONValue>> { rng in
        value(depth: 0, using: &rng)
    }

    private static let stringPieces = [
        "", "a", "key", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "가", "ㄱ", "\u{1100}\u{1160}",
        "😀", "\u{10FFFF}", "\u{FFFF}", " ", "\u{2028}",
    ]
    private static let numberTexts = [
        "1.5", "-0.0", "0.5e-3", "1e400", "-1E+2", "99999999999999999999", "-9223372036854775809", "3.14159",
    ]

    private static func value(depth: Int, using rng: inout some RandomNumberGenerator) -> JSONValue {
        let kinds = depth >= 4 ? 6 : 8
        switch Int.random(in: 0..<kinds, using: &rng) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &rng))
        case 2:
            let choices: [Int64] = [0, 1, -1, .max, .min, Int64.random(in: -100_000...100_000, using: &rng)]
            return .integer(choices.randomElement(using: &rng) ?? 0)
        case 3: return .number(numberTexts.randomElement(using: &rng) ?? "1.5")
        case 4, 5: return .string(string(using: &rng))
        case 6:
            return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in value(depth: depth + 1, using: &rng) })
        default:
            return .object(
                (0..<Int.random(in: 0...4, using: &rng)).map { _ in
                    (key: string(using: &rng), value: value(depth: depth + 1, using: &rng))
                })
        }
    }

    private static func string(using rng: inout some RandomNumberGenerator) -> String {
        (0..<Int.random(in: 0...5, using: &rng)).map { _ in stringPieces.randomElement(using: &rng) ?? "" }.joined()
    }
}
