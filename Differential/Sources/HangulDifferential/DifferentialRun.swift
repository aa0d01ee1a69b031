import HangulCore

/// One differential run: random streams, the corpus and every short stream, on each layout, under
/// every option combination, compared key by key with libhangul.
public struct DifferentialRun: Sendable {
    public var layouts: [Layout]
    /// Random streams per layout; each is compared under all sixteen option combinations.
    public var randomStreams: Int
    public var seed: UInt64
    public var corpus: Corpus
    /// Also compare every stream of two keys (all positions, space, BackSpace, a flush) and of three
    /// Hangul keys or BackSpace (one key per distinct jamo).
    public var exhaustive: Bool
    /// The longest random stream.
    public var maxLength = 32
    /// Failing comparisons shrunk per layout; the rest are only counted, as they are nearly always
    /// the same disagreement again.
    public var shrinkLimit = 25

    public init(layouts: [Layout], randomStreams: Int, seed: UInt64, corpus: Corpus, exhaustive: Bool = true) {
        self.layouts = layouts
        self.randomStreams = randomStreams
        self.seed = seed
        self.corpus = corpus
        self.exhaustive = exhaustive
    }

    /// What one layout's part of the run compared and found.
    public struct LayoutResult: Sendable {
        public var layout: Layout
        public var randomStreams = 0
        public var corpusStreams = 0
        public var exhaustiveStreams = 0
        /// Streams times option combinations.
        public var comparisons = 0
        /// Keys typed into each side.
        public var keys = 0
        public var untypableCorpusCharacters = 0
        /// Comparisons that disagreed.
        public var failures = 0
        /// Distinct shrunk disagreements.
        public var reports: [MismatchReport] = []
        public var seconds = 0.0
    }

    /// Runs every layout in turn, calling `progress` after each.
    public func run(progress: (LayoutResult) -> Void = { _ in }) throws(DifferentialError) -> [LayoutResult] {
        var results: [LayoutResult] = []
        for layout in layouts {
            let result = try run(layout)
            progress(result)
            results.append(result)
        }
        return results
    }

    /// Runs one layout.
    public func run(_ layout: Layout) throws(DifferentialError) -> LayoutResult {
        let clock = ContinuousClock()
        let start = clock.now
        var checks: [(options: ComparedOptions, check: DifferentialCheck)] = []
        for options in ComparedOptions.all {
            checks.append((options, try DifferentialCheck(layout: layout, options: options)))
        }
        var result = LayoutResult(layout: layout)
        var seen = Set<String>()

        func compare(_ keys: [StreamKey], origin: @autoclosure () -> String) {
            for (options, check) in checks {
                result.comparisons += 1
                result.keys += keys.count
                guard let difference = check.firstMismatch(keys) else { continue }
                result.failures += 1
                guard result.failures <= shrinkLimit else { continue }
                let report = MismatchReport(
                    check: check, options: options, keys: keys, firstDifference: difference, origin: origin())
                if seen.insert("\(options) \(report.notation)").inserted { result.reports.append(report) }
            }
        }

        let (corpusStreams, untypable) = corpus.streams(on: layout)
        result.untypableCorpusCharacters = untypable
        for (line, keys) in corpusStreams {
            compare(keys, origin: "corpus line \(line)")
            result.corpusStreams += 1
        }

        if exhaustive {
            for keys in ShortStreams.all(on: layout) {
                compare(keys, origin: "every short stream")
                result.exhaustiveStreams += 1
            }
        }

        var generator = KeyStreamGenerator(layout: layout, seed: seed, maxLength: maxLength)
        for index in 0..<randomStreams {
            compare(generator.next(), origin: "random stream \(index + 1), seed \(seed)")
            result.randomStreams += 1
        }

        let elapsed = clock.now - start
        result.seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return result
    }
}

/// Every short stream on a layout, for the exhaustive part of a run.
public enum ShortStreams {
    /// Every stream of two keys over all 94 positions, space, BackSpace and a flush, then every stream of three
    /// keys over one key per distinct jamo of the layout and BackSpace.
    public static func all(on layout: Layout) -> [[StreamKey]] {
        let everyKey = KeyPosition.all.map(StreamKey.position) + [.space, .backspace, .flush]
        var streams: [[StreamKey]] = []
        for first in everyKey {
            for second in everyKey { streams.append([first, second]) }
        }
        let triples = distinctJamoKeys(on: layout) + [.backspace]
        for first in triples {
            for second in triples {
                for third in triples { streams.append([first, second, third]) }
            }
        }
        return streams
    }

    /// One position per distinct jamo the layout's keys type (the first in ASCII order).
    public static func distinctJamoKeys(on layout: Layout) -> [StreamKey] {
        var seen = Set<Jamo>()
        var keys: [StreamKey] = []
        for position in KeyPosition.all {
            if case .jamo(let jamo) = layout.action(at: position), seen.insert(jamo).inserted {
                keys.append(.position(position))
            }
        }
        return keys
    }
}
