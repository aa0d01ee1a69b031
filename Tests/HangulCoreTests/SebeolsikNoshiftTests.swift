import HangulCore
import Testing

/// Keyboard `3s`, sebeolsik noshift (세벌식 순아래): a direct keyboard that needs no Shift for Hangul,
/// so tense consonants and ㅆ come from striking a key twice. Each step is "commit|preedit";
/// conjoining jamo are written as escapes. Every row was checked against libhangul 0.2.0, except
/// the one deliberate difference.
@Suite struct SebeolsikNoshiftTests {
    @Test func strikingAConsonantTwiceDoublesIt() {
        #expect(KeyTrace.typing("kkfxx", on: "3s") == ["|ㄱ", "|ㄲ", "|까", "|깍", "|깎"])
        #expect(KeyTrace.typing("kfqqk", on: "3s") == ["|ㄱ", "|가", "|갓", "|갔", "갔|ㄱ"])
    }

    @Test func finalsCombineIntoClusters() {
        #expect(KeyTrace.typing("kfwx", on: "3s") == ["|ㄱ", "|가", "|갈", "|갉"])
    }

    /// 9 is initial ㅋ and 0 is ㅒ; the digits are on Shift (M is 1). All are consumed.
    @Test func digitsAndSymbolsAreRemappedAndConsumed() {
        #expect(KeyTrace.typing("9f0", on: "3s") == ["|ㅋ", "|카", "카|ㅒ"])
        #expect(KeyTrace.typing("kfM", on: "3s") == ["|ㄱ", "|가", "가1|"])
    }

    @Test func initialAndFinalWithoutAMedialShowAsJamoWithAFiller() {
        #expect(KeyTrace.typing("kkx", on: "3s") == ["|ㄱ", "|ㄲ", "|\u{1101}\u{1160}\u{11A8}"])
    }

    @Test func autoReorderFillsEmptySlotsInAnyOrder() {
        #expect(KeyTrace.typing("fkk", on: "3s", .with([.autoReorder])) == ["|ㅏ", "|가", "|까"])
    }

    /// The deliberate difference from libhangul, which shows ᄀᅠᆪ: the initial-pair cluster option
    /// applies only to dubeolsik-kind keyboards.
    @Test func twoInitialsNeverMergeIntoAFinalClusterUnlikeLibhangul() {
        #expect(KeyTrace.typing("kn", on: "3s") == ["|ㄱ", "ㄱ|ㅅ"])
    }

    @Test func backspaceUndoesOneStrikeOfADoubledConsonant() {
        #expect(
            KeyTrace.typing("kkfxx<<<<<<", on: "3s") == [
                "|ㄱ", "|ㄲ", "|까", "|깍", "|깎", "|깍", "|까", "|ㄲ", "|ㄱ", "|", "||passed",
            ])
    }
}
