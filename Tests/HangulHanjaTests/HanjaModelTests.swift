import HangulHanja
import Testing

/// The index against the plainest model of libhangul's semantics, on seeded random dictionaries:
/// keys from an alphabet that crosses every path of the search (ASCII and jamo outside the
/// syllable buckets, syllables inside them, one syllable with the lead byte ED, keys that share
/// their first sixteen bytes and differ after), written in random order and compared on every key,
/// every prefix and suffix of every key, and random strings.
@Suite struct HanjaModelTests {
    /// A small seeded generator (SplitMix64), so a failure reproduces from its seed.
    struct Seeded {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    static let alphabet = ["가", "각", "힣", "ㄱ", "ㅁ", "a", "b", " ", "漢", "€"]

    /// The model: every entry whose key equals the tried key, in file order, keys tried as `match` says.
    static func model(_ entries: [(key: String, value: String)], _ key: String, _ match: HanjaMatch) -> [String] {
        let scalars = Array(key.unicodeScalars)
        var tried: [String] = []
        switch match {
        case .exact: tried = [key]
        case .prefix:
            tried = (1...max(scalars.count, 1)).reversed().map { String(String.UnicodeScalarView(scalars[0..<$0])) }
        case .suffix: tried = (0..<scalars.count).map { String(String.UnicodeScalarView(scalars[$0...])) }
        }
        if key.isEmpty { return [] }
        return tried.flatMap { tried in entries.filter { $0.key == tried }.map { "\(tried):\($0.value)" } }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func theIndexAnswersLikeTheModel(seed: UInt64) {
        var random = Seeded(state: seed)
        func word(_ length: Int) -> String {
            (0..<length).map { _ in Self.alphabet[random.next(Self.alphabet.count)] }.joined()
        }
        // Long keys built on a few shared stems, so many share their first sixteen bytes.
        let stems = (0..<4).map { _ in word(6) }
        var entries: [(key: String, value: String)] = []
        for index in 0..<400 {
            let key =
                random.next(3) == 0 ? stems[random.next(stems.count)] + word(random.next(4)) : word(1 + random.next(4))
            entries.append((key, "v\(index)"))
        }
        // Once in random order (sorted at load) and once sorted as libhangul's files are (one pass).
        let sorted = entries.enumerated().sorted { left, right in
            left.element.key == right.element.key
                ? left.offset < right.offset
                : left.element.key.utf8.lexicographicallyPrecedes(right.element.key.utf8)
        }.map(\.element)
        let dictionaries = [entries, sorted].map { entries in
            let text = entries.map { "\($0.key):\($0.value):\n" }.joined()
            let table = HanjaTable(parsing: Array(text.utf8), source: "model.txt")
            #expect(table.problems.isEmpty)
            return HanjaDictionary(tables: [table])
        }
        var queries = entries.map(\.key)
        for _ in 0..<300 { queries.append(word(1 + random.next(8))) }
        for query in queries {
            for match in HanjaMatch.allCases {
                let expected = Self.model(entries, query, match)
                for dictionary in dictionaries {
                    let ours = dictionary.candidates(for: query, match).map { "\($0.key):\($0.value)" }
                    #expect(ours == expected, "seed \(seed), \(match) \"\(query)\"")
                }
            }
        }
    }
}
