import HangulCoreTesting

/// The benchmarks' seeded generator: the tests' SplitMix64, so every run types exactly the same keys.
///
/// The name stays for the daemon benchmark's load generator, which draws its pauses from it.
public typealias SeededRandom = SplitMix64
