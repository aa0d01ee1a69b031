import Foundation
import HangulCore
import HangulCoreTesting
import HangulDifferential
import Testing

/// A short differential run on every built-in layout, so the package's own tests compare every
/// keyboard even without `scripts/differential`; the long runs are the command's job.
@Suite struct EveryLayoutTests {
    static let corpus: Corpus = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Corpus/sentences.txt").path
        return Corpus(text: (try? String(contentsOfFile: path, encoding: .utf8)) ?? "")
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.corpus.lines.count > 100)
    }

    /// Every libhangul keyboard is compared; only the layouts libhangul will never have are not.
    @Test func everyBuiltInLayoutButTheSinSebeolsikOnesIsALibhangulKeyboard() {
        let libhangul = LibhangulContext.keyboardIDs
        #expect(Layout.builtIn.map(\.id).filter { !libhangul.contains($0) } == ["3sin-p2", "3sin-1995"])
        #expect(LibhangulContext.comparableLayouts.count == 9)
    }

    @Test(arguments: LibhangulContext.comparableLayouts.map(\.id))
    func corpusShortStreamsAndRandomStreamsAgreeWithLibhangul(layoutID: String) throws {
        let layout = try #require(Layout.named(layoutID))
        let run = DifferentialRun(layouts: [layout], randomStreams: 2_000, seed: 5, corpus: Self.corpus)
        let result = try run.run(layout)
        #expect(result.corpusStreams == Self.corpus.lines.count)
        #expect(result.comparisons == 16 * (result.corpusStreams + result.exhaustiveStreams + 2_000))
        #expect(result.failures == 0, "\(result.reports.map(\.description).joined(separator: "\n"))")
    }
}
