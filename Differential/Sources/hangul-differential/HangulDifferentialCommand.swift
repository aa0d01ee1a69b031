import ArgumentParser
import Foundation
import HangulCore
import HangulCoreTesting
import HangulDifferential

/// `hangul-differential`: compares our composer with libhangul key by key and exits 1 on any mismatch.
@main
struct HangulDifferentialCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangul-differential",
        abstract: "Type the same keys into our composer and into libhangul and compare every step.",
        discussion: """
            For each layout, under every combination of libhangul's options (auto-reorder, \
            combi-on-double-stroke, non-choseong-combi, syllable or jamo output), compares commit, \
            preedit and the consumed flag after every key, and the final flush, on: the Korean corpus \
            typed on that layout; every stream of two keys and of three Hangul keys; and COUNT seeded \
            random streams. Each mismatch is shrunk to a shortest stream and shown with both sides' \
            traces. Exit status 0 only when nothing differed.
            """
    )

    @Option(help: "Random key streams per layout (each compared under all 16 option combinations).")
    var count = 250_000

    @Option(help: "Seed of the random streams; the same seed types the same streams.")
    var seed: UInt64 = 1

    @Option(help: "The longest random stream, in keys.")
    var maxLength = 32

    @Option(
        name: .customLong("layout"),
        help: "A layout id to compare (repeatable); default: every built-in layout libhangul has.")
    var layoutIDs: [String] = []

    @Option(help: "The corpus file: Korean sentences, one a line.")
    var corpus: String = HangulDifferentialCommand.defaultCorpusPath

    @Flag(help: "Skip the exhaustive short streams.")
    var noExhaustive = false

    @Option(
        help: ArgumentHelp(
            "Compare only these keys (as a report writes them: `r`, `<space>`, `<BackSpace>`, `<less>`)"
                + " under every option combination, and show both traces.",
            valueName: "keys"))
    var keys: String?

    /// `Differential/Corpus/sentences.txt`, found from this source file so the command works from any
    /// directory of a checkout.
    static var defaultCorpusPath: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus/sentences.txt").path
    }

    func validate() throws {
        guard count >= 0 else { throw ValidationError("--count must be 0 or more, got \(count)") }
        guard maxLength >= 1 else { throw ValidationError("--max-length must be 1 or more, got \(maxLength)") }
        for id in layoutIDs where Layout.named(id) == nil {
            throw ValidationError(DifferentialError.unknownLayout(id, known: Layout.knownIDs).description)
        }
    }

    func run() throws {
        let layouts = layoutIDs.isEmpty ? LibhangulContext.comparableLayouts : layoutIDs.compactMap { Layout.named($0) }
        if let keys {
            guard let stream = StreamKey.parse(keys) else {
                throw ValidationError("--keys: cannot read \"\(keys)\"; write keys as a report does")
            }
            try compareOne(stream, on: layouts)
            return
        }
        let text: String
        do {
            text = try String(contentsOfFile: corpus, encoding: .utf8)
        } catch {
            throw ValidationError(DifferentialError.unreadableCorpus(path: corpus, reason: "\(error)").description)
        }
        var run = DifferentialRun(
            layouts: layouts, randomStreams: count, seed: seed, corpus: Corpus(text: text), exhaustive: !noExhaustive)
        run.maxLength = maxLength
        Self.say(
            "differential: libhangul vs ours, seed \(seed), \(count) random streams per layout, 16 option combinations")
        let results = try run.run { result in
            Self.say(Self.summary(result))
            for report in result.reports { Self.say("\(report)") }
        }
        let failures = results.reduce(0) { $0 + $1.failures }
        let comparisons = results.reduce(0) { $0 + $1.comparisons }
        let keys = results.reduce(0) { $0 + $1.keys }
        let seconds = results.reduce(0) { $0 + $1.seconds }
        Self.say(
            "differential: \(comparisons - failures) passed, \(failures) failed"
                + " (\(comparisons) comparisons, \(keys) keys, \(Self.format(seconds)) s)")
        if failures > 0 { throw ExitCode(1) }
    }

    /// `--keys`: one stream on each layout under every option combination, with both traces.
    func compareOne(_ stream: [StreamKey], on layouts: [Layout]) throws {
        var failures = 0
        for layout in layouts {
            for options in ComparedOptions.all {
                let check = try DifferentialCheck(layout: layout, options: options)
                guard let difference = check.firstMismatch(stream) else { continue }
                failures += 1
                let report = MismatchReport(
                    check: check, options: options, keys: stream, firstDifference: difference, origin: "--keys",
                    shrink: false)
                Self.say("\(report)")
            }
        }
        Self.say("differential: \(layouts.count * ComparedOptions.all.count - failures) passed, \(failures) failed")
        if failures > 0 { throw ExitCode(1) }
    }

    static func summary(_ result: DifferentialRun.LayoutResult) -> String {
        var line =
            "layout \(result.layout.id): \(result.randomStreams) random + \(result.corpusStreams) corpus"
            + " + \(result.exhaustiveStreams) short streams, \(result.comparisons) comparisons, \(result.keys) keys,"
            + " \(result.failures) mismatched (\(format(result.seconds)) s)"
        if result.untypableCorpusCharacters > 0 {
            line += "; \(result.untypableCorpusCharacters) corpus characters this layout cannot type were left out"
        }
        return line
    }

    /// Writes a line at once, unbuffered, so CI logs show progress while a long run goes on.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    static func format(_ seconds: Double) -> String { String(format: "%.1f", seconds) }
}
