import HangulCore
import Testing

/// Keyboard `32`, sebeolsik on the dubeolsik layout (세벌식 두벌자판): dubeolsik's key positions, but a
/// direct keyboard: a plain consonant is an initial, Shift+consonant is the same consonant as a
/// final. Each step is "commit|preedit"; conjoining jamo are written as escapes. Every row was checked
/// against libhangul 0.2.0, except the one deliberate difference.
@Suite struct SebeolsikDubeolsikTests {
    @Test func shiftedConsonantsAreFinals() {
        #expect(KeyTrace.typing("rkR", on: "32") == ["|ㄱ", "|가", "|각"])
        #expect(KeyTrace.typing("rkRT", on: "32") == ["|ㄱ", "|가", "|각", "|갃"])
    }

    /// The layout has no key for tense consonants: they come from striking the plain one twice, as
    /// an initial and as a final, without the option dubeolsik needs for that.
    @Test func doubleStrokeCombinationIsAlwaysOn() {
        #expect(KeyTrace.typing("rrkTT", on: "32") == ["|ㄱ", "|ㄲ", "|까", "|깟", "|깠"])
        #expect(KeyTrace.typing("rkRRk", on: "32") == ["|ㄱ", "|가", "|각", "|갂", "갂|ㅏ"])
    }

    /// Unlike on dubeolsik, a vowel after a final does not take it: the final was typed as one.
    @Test func aVowelAfterAFinalStartsTheNextSyllableAlone() {
        #expect(KeyTrace.typing("rkRk", on: "32") == ["|ㄱ", "|가", "|각", "각|ㅏ"])
    }

    /// Dubeolsik lets digits and symbols through; this keyboard types them itself, consumed, in the
    /// commit after the syllable they finish.
    @Test func digitsAndSymbolsAreConsumedAndCommitted() {
        #expect(KeyTrace.typing("rk1", on: "32") == ["|ㄱ", "|가", "가1|"])
        #expect(KeyTrace.typing("rkR'", on: "32") == ["|ㄱ", "|가", "|각", "각'|"])
        #expect(KeyTrace.typing("~", on: "32") == ["※|"])
    }

    @Test func initialAndFinalWithoutAMedialShowAsJamoWithAFiller() {
        #expect(KeyTrace.typing("rR", on: "32") == ["|ㄱ", "|\u{1100}\u{1160}\u{11A8}"])
    }

    @Test func autoReorderFillsEmptySlotsInAnyOrder() {
        #expect(KeyTrace.typing("kr", on: "32", .with([.autoReorder])) == ["|ㅏ", "|가"])
        #expect(KeyTrace.typing("kr", on: "32") == ["|ㅏ", "ㅏ|ㄱ"])
    }

    /// The deliberate difference from libhangul, which shows ᄀᅠᆪ here: the initial-pair cluster
    /// option (ㄱ+ㅅ → ㄳ) is for dubeolsik, so on this direct keyboard the second initial starts the
    /// next syllable, even though its keys are dubeolsik's.
    @Test func twoInitialsNeverMergeIntoAFinalClusterUnlikeLibhangul() {
        #expect(KeyTrace.typing("rt", on: "32") == ["|ㄱ", "ㄱ|ㅅ"])
    }

    @Test func backspaceUndoesOneKeystrokeAndThenPassesThrough() {
        #expect(KeyTrace.typing("rrkR<<<<<", on: "32") == ["|ㄱ", "|ㄲ", "|까", "|깍", "|까", "|ㄲ", "|ㄱ", "|", "||passed"])
    }
}
