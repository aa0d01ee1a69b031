import HangulCore
import Testing

/// Keyboard `39`, sebeolsik 390 (세벌식 390): a direct keyboard with finals and digits on Shift. Each
/// step is "commit|preedit"; conjoining jamo are written as escapes. Every row was checked against
/// libhangul 0.2.0, except the one deliberate difference.
@Suite struct Sebeolsik390Tests {
    @Test func keysGiveTheInitialMedialAndFinalDirectly() {
        #expect(KeyTrace.typing("hfwz", on: "39") == ["|ㄴ", "|나", "|날", "|낢"])
    }

    /// Shift+F is ㄲ and Shift+D is ㄺ, finals with keys of their own.
    @Test func shiftedKeysTypeCompoundFinals() {
        #expect(KeyTrace.typing("kfF", on: "39") == ["|ㄱ", "|가", "|갂"])
        #expect(KeyTrace.typing("kfD", on: "39") == ["|ㄱ", "|가", "|갉"])
    }

    /// 1 2 3 are the finals ㅎ ㅆ ㅂ; the digits are on Shift (M is 1, N is 0); symbols are the
    /// keyboard's own. All are consumed, committed after the syllable they finish.
    @Test func digitsAndSymbolsAreConsumedAndCommitted() {
        #expect(KeyTrace.typing("kf2", on: "39") == ["|ㄱ", "|가", "|갔"])
        #expect(KeyTrace.typing("kfDM", on: "39") == ["|ㄱ", "|가", "|갉", "갉1|"])
        #expect(KeyTrace.typing("kfN:", on: "39") == ["|ㄱ", "|가", "가0|", ":|"])
    }

    @Test func doubleStrokeCombinationIsAlwaysOn() {
        #expect(KeyTrace.typing("kkfqq", on: "39") == ["|ㄱ", "|ㄲ", "|까", "|깟", "|깠"])
    }

    @Test func initialAndFinalWithoutAMedialShowAsJamoWithAFiller() {
        #expect(KeyTrace.typing("ha", on: "39") == ["|ㄴ", "|\u{1102}\u{1160}\u{11BC}"])
    }

    @Test func autoReorderFillsEmptySlotsInAnyOrder() {
        let reorder = ComposerOptions.with([.autoReorder])
        #expect(KeyTrace.typing("afh", on: "39", reorder) == ["|ㅇ", "|\u{115F}\u{1161}\u{11BC}", "|낭"])
        #expect(KeyTrace.typing("afh", on: "39") == ["|ㅇ", "ㅇ|ㅏ", "ㅏ|ㄴ"])
    }

    /// The deliberate difference from libhangul, which shows ᄂᅠᆬ for ㄴ then ㅈ: the initial-pair
    /// cluster option applies only to dubeolsik-kind keyboards.
    @Test func twoInitialsNeverMergeIntoAFinalClusterUnlikeLibhangul() {
        #expect(KeyTrace.typing("hl", on: "39") == ["|ㄴ", "ㄴ|ㅈ"])
    }

    @Test func backspaceUndoesOneKeystrokeAndThenPassesThrough() {
        #expect(KeyTrace.typing("kfD<<<<", on: "39") == ["|ㄱ", "|가", "|갉", "|가", "|ㄱ", "|", "||passed"])
    }
}
