import HangulCore
import Testing

/// Keyboard `2`, dubeolsik (두벌식), against the rules of the layouts issue: the jamo-kind behaviour
/// the direct keyboards' tests contrast with. Each step is "commit|preedit", "|passed" marking a key
/// the composer let through; every row was checked against libhangul 0.2.0.
@Suite struct DubeolsikTests {
    @Test func digitsAndSymbolsCommitTheSyllableAndPassThrough() {
        #expect(KeyTrace.typing("rk1", on: "2") == ["|ㄱ", "|가", "가||passed"])
        #expect(KeyTrace.typing("rk!sk", on: "2") == ["|ㄱ", "|가", "가||passed", "|ㄴ", "|나"])
    }

    @Test func shiftTypesTheTenseConsonantWhileDoubleStrokeIsOffByDefault() {
        #expect(KeyTrace.typing("Rk", on: "2") == ["|ㄲ", "|까"])
        #expect(KeyTrace.typing("rrk", on: "2") == ["|ㄱ", "ㄱ|ㄱ", "|가"])
        #expect(KeyTrace.typing("rrk", on: "2", .with([.combiOnDoubleStroke])) == ["|ㄱ", "|ㄲ", "|까"])
    }

    @Test func aConsonantThatCannotBeAModernFinalStartsTheNextSyllable() {
        #expect(KeyTrace.typing("rkEk", on: "2") == ["|ㄱ", "|가", "가|ㄸ", "|따"])
    }

    @Test func aVowelTakesTheLastConsonantOfTheFinal() {
        #expect(KeyTrace.typing("rkfrk", on: "2") == ["|ㄱ", "|가", "|갈", "|갉", "갈|가"])
    }

    /// The initial-pair cluster option applies to the jamo kind: ㄱ then ㅅ shows ㄳ, which a vowel
    /// splits again.
    @Test func twoInitialsThatMakeAFinalClusterShowItUnderNonChoseongCombi() {
        #expect(KeyTrace.typing("rtk", on: "2") == ["|ㄱ", "|ㄳ", "ㄱ|사"])
        #expect(KeyTrace.typing("rtk", on: "2", .with([], off: [.nonChoseongCombi])) == ["|ㄱ", "ㄱ|ㅅ", "|사"])
    }

    @Test func autoReorderPutsAnInitialTypedAfterTheVowelFirst() {
        #expect(KeyTrace.typing("kr", on: "2", .with([.autoReorder])) == ["|ㅏ", "|가"])
        #expect(KeyTrace.typing("kr", on: "2") == ["|ㅏ", "ㅏ|ㄱ"])
    }

    @Test func backspaceUndoesOneKeystrokeAndThenPassesThrough() {
        #expect(
            KeyTrace.typing("rkfr<<<<<", on: "2") == ["|ㄱ", "|가", "|갈", "|갉", "|갈", "|가", "|ㄱ", "|", "||passed"])
    }
}
