import HangulCoreTesting

/// The harness's seeded generator, visible to every file of these tests without an import of its own.
typealias SplitMix64 = HangulCoreTesting.SplitMix64
