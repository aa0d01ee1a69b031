import HangulCore
import HangulCoreTesting

/// Seeded random key streams over one layout's keys.
///
/// Most keys are the layout's Hangul keys (Shift included), so streams build real syllables, clusters
/// and old-Hangul stacks; the rest are the layout's other positions (digits and punctuation, which
/// commit and pass through or type the layout's own symbols), the space bar, BackSpace and flushes.
public struct KeyStreamGenerator: Sendable {
    /// Positions that type a jamo on the layout.
    public let hangulKeys: [KeyPosition]
    /// Every other position: symbols the layout types, and keys it lets through.
    public let otherKeys: [KeyPosition]
    /// The longest stream ``next()`` returns.
    public let maxLength: Int
    private var random: SplitMix64

    public init(layout: Layout, seed: UInt64, maxLength: Int = 32) {
        var hangul: [KeyPosition] = []
        var other: [KeyPosition] = []
        for position in KeyPosition.all {
            if case .jamo = layout.action(at: position) { hangul.append(position) } else { other.append(position) }
        }
        hangulKeys = hangul
        otherKeys = other
        self.maxLength = maxLength
        random = SplitMix64(seed: SplitMix64.seed(seed, layoutID: layout.id))
    }

    /// The next stream: 1 to ``maxLength`` keys. Three streams in four draw from every key: about 72%
    /// Hangul keys, 8% other positions, 6% space and 14% BackSpace. The fourth draws from two to
    /// four Hangul keys (and BackSpace), so the same few jamo pile up into long compounds, old-Hangul
    /// clusters and full keystroke chains, which streams over all keys almost never build.
    public mutating func next() -> [StreamKey] {
        let length = random.below(maxLength) + 1
        var keys: [StreamKey] = []
        keys.reserveCapacity(length)
        if random.below(4) == 0, !hangulKeys.isEmpty {
            var few: [StreamKey] = (0..<(2 + random.below(3))).map { _ in
                .position(hangulKeys[random.below(hangulKeys.count)])
            }
            if random.below(2) == 0 { few.append(.backspace) }
            for _ in 0..<length { keys.append(few[random.below(few.count)]) }
            return keys
        }
        for _ in 0..<length { keys.append(nextKey()) }
        return keys
    }

    private mutating func nextKey() -> StreamKey {
        let roll = random.below(100)
        if roll < 72, !hangulKeys.isEmpty { return .position(hangulKeys[random.below(hangulKeys.count)]) }
        if roll < 80, !otherKeys.isEmpty { return .position(otherKeys[random.below(otherKeys.count)]) }
        if roll < 86 { return .space }
        if roll < 88 { return .flush }
        return .backspace
    }
}
