/// A small, fast, deterministic generator (SplitMix64), so every stream reproduces from its seed on
/// any machine and any Swift version, which `SystemRandomNumberGenerator` does not promise.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound` (bound > 0); the tiny modulo bias does not matter for test streams.
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// Whether an event of this probability happens this time (the top 53 bits as a fraction of 1).
    public mutating func chance(_ probability: Double) -> Bool {
        Double(next() >> 11) / Double(1 << 53) < probability
    }

    /// A seed for one layout's streams, so `--layout ID` replays exactly the streams a full run typed
    /// on that layout (FNV-1a of the id, mixed with the run's seed).
    public static func seed(_ seed: UInt64, layoutID: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in layoutID.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return seed ^ hash
    }
}
