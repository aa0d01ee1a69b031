import HangulCore
import HangulDifferential
import Testing

@Suite struct StreamKeyTests {
    @Test func notationReadsBackAndNamesWhatAPlainCharacterCannotShow() throws {
        let keys = try #require(StreamKey.parse("rK<space><BackSpace><less>>1<flush>"))
        #expect(keys.count == 8)
        #expect(keys[2] == .space)
        #expect(keys[3] == .backspace)
        #expect(keys[7] == .flush)
        #expect(StreamKey.notation(keys) == "rK<space><BackSpace><less>>1<flush>")
        #expect(StreamKey.parse("<Tab>") == nil)
        #expect(StreamKey.parse("한") == nil)
    }

    @Test func generatorIsDeterministicPerSeedAndLayout() {
        var first = KeyStreamGenerator(layout: .dubeolsik, seed: 7)
        var second = KeyStreamGenerator(layout: .dubeolsik, seed: 7)
        var other = KeyStreamGenerator(layout: .dubeolsik, seed: 8)
        let a = (0..<50).map { _ in first.next() }
        #expect(a == (0..<50).map { _ in second.next() })
        #expect(a != (0..<50).map { _ in other.next() })
        #expect(a.allSatisfy { (1...32).contains($0.count) })
        let keys = a.joined()
        #expect(keys.contains(.space))
        #expect(keys.contains(.backspace))
        #expect(keys.contains(.flush))
        #expect(keys.contains(.position(KeyPosition(ascii: UInt8(ascii: "r"))!)))
    }

    @Test func theCorpusIsSpelledOnEachLayoutFromItsTables() {
        let corpus = Corpus(text: "# comment\n\n안녕 ㅋㅋ 1.\n값\n")
        #expect(corpus.lines.map(\.number) == [3, 4])
        let (streams, untypable) = corpus.streams(on: .dubeolsik)
        #expect(untypable == 0)
        #expect(streams.map { StreamKey.notation($0.keys) } == ["dkssud<space>zz<space>1.", "rkqt"])
    }
}
