import HangulCore
import Testing

/// Keyboard `3f`, sebeolsik final (세벌식 최종): a direct keyboard, whose keys name the slot, with its
/// digits and symbols remapped. Each step is "commit|preedit"; conjoining jamo are written as
/// escapes. Every row was checked against libhangul 0.2.0, except the one deliberate difference.
@Suite struct SebeolsikFinalTests {
    @Test func keysGiveTheInitialMedialAndFinalDirectly() {
        #expect(KeyTrace.typing("kfs", on: "3f") == ["|ㄱ", "|가", "|간"])
        #expect(KeyTrace.typing("kfsk", on: "3f") == ["|ㄱ", "|가", "|간", "간|ㄱ"])
    }

    /// On 3f the digit row types finals and medials (1 is final ㅎ, 8 is ㅢ); the digits themselves
    /// are on Shift (J K L are 1 2 3), and symbols move too (~ is ※). The keyboard consumes them all
    /// and commits the syllable with its symbol.
    @Test func digitsAndSymbolsAreRemappedAndConsumed() {
        #expect(KeyTrace.typing("kf1", on: "3f") == ["|ㄱ", "|가", "|갛"])
        #expect(KeyTrace.typing("kd8", on: "3f") == ["|ㄱ", "|기", "기|ㅢ"])
        #expect(KeyTrace.typing("kfJ~", on: "3f") == ["|ㄱ", "|가", "가1|", "※|"])
        #expect(KeyTrace.typing("HKL", on: "3f") == ["0|", "2|", "3|"])
    }

    @Test func doubleStrokeCombinationIsAlwaysOn() {
        #expect(KeyTrace.typing("kkfqq", on: "3f") == ["|ㄱ", "|ㄲ", "|까", "|깟", "|깠"])
    }

    @Test func finalsCombineIntoClusters() {
        #expect(KeyTrace.typing("kfwx", on: "3f") == ["|ㄱ", "|가", "|갈", "|갉"])
    }

    /// ㄲ has its own key (Shift+1), which does not combine with a final ㄱ already there.
    @Test func aFinalThatCannotCombineStartsANewSyllable() {
        #expect(KeyTrace.typing("kfx!", on: "3f") == ["|ㄱ", "|가", "|각", "각|ㄲ"])
    }

    /// An initial and a final with no medial between them have no syllable: conjoining jamo with
    /// the medial filler U+1160. Without auto-reorder a medial typed then starts the next syllable.
    @Test func initialAndFinalWithoutAMedialShowAsJamoWithAFiller() {
        #expect(KeyTrace.typing("ks", on: "3f") == ["|ㄱ", "|\u{1100}\u{1160}\u{11AB}"])
        #expect(KeyTrace.typing("ksf", on: "3f") == ["|ㄱ", "|\u{1100}\u{1160}\u{11AB}", "\u{1100}\u{1160}\u{11AB}|ㅏ"])
    }

    @Test func withoutAutoReorderAnInitialAfterTheMedialStartsTheNextSyllable() {
        #expect(KeyTrace.typing("fk", on: "3f") == ["|ㅏ", "ㅏ|ㄱ"])
        #expect(KeyTrace.typing("sk", on: "3f") == ["|ㄴ", "ㄴ|ㄱ"])
    }

    /// 모아치기: with auto-reorder a slot still empty is filled whatever the order, and states on
    /// the way show with fillers (U+115F for the missing initial).
    @Test func autoReorderFillsEmptySlotsInAnyOrder() {
        let reorder = ComposerOptions.with([.autoReorder])
        #expect(KeyTrace.typing("fk", on: "3f", reorder) == ["|ㅏ", "|가"])
        #expect(KeyTrace.typing("sfk", on: "3f", reorder) == ["|ㄴ", "|\u{115F}\u{1161}\u{11AB}", "|간"])
        #expect(KeyTrace.typing("xkf", on: "3f", reorder) == ["|ㄱ", "|\u{1100}\u{1160}\u{11A8}", "|각"])
    }

    /// The deliberate difference from libhangul: its initial-pair cluster option turns initial ㄱ
    /// then initial ㅅ into the final cluster ㄳ on every keyboard, and 3f shows ᄀᅠᆪ (U+1100
    /// U+1160 U+11AA) for `kn`, then commits it whole before a vowel (`knf` gives ᄀᅠᆪ and ㅏ). The
    /// option is meant for dubeolsik, where consonant keys do not say which slot they fill; on a
    /// direct keyboard the second initial starts the next syllable, so `knf` is ㄱ and 사.
    @Test func twoInitialsNeverMergeIntoAFinalClusterUnlikeLibhangul() {
        #expect(KeyTrace.typing("kn", on: "3f") == ["|ㄱ", "ㄱ|ㅅ"])
        #expect(KeyTrace.typing("knf", on: "3f") == ["|ㄱ", "ㄱ|ㅅ", "|사"])
    }

    @Test func backspaceUndoesOneKeystrokeAndThenPassesThrough() {
        #expect(KeyTrace.typing("kfwx<<<<<", on: "3f") == ["|ㄱ", "|가", "|갈", "|갉", "|갈", "|가", "|ㄱ", "|", "||passed"])
        #expect(KeyTrace.typing("kkf<<", on: "3f") == ["|ㄱ", "|ㄲ", "|까", "|ㄲ", "|ㄱ"])
    }
}
