import HangulCore
import Testing

/// Keyboard `2y`, dubeolsik yetgeul (두벌식 옛글): dubeolsik with old-Hangul (옛한글) jamo on Shift and
/// libhangul's full combination table. Each step is "commit|preedit", "|passed" marking a key the
/// composer let through; conjoining jamo are written as escapes. Every row was checked against
/// libhangul 0.2.0.
@Suite struct DubeolsikYetgeulTests {
    /// Shift+A is ㅿ, Shift+D ㆁ, Shift+G ㆆ, Shift+K ㆍ: lone, each shows as its compatibility letter;
    /// in a syllable, which has no precomposed form, as conjoining jamo.
    @Test func shiftTypesOldHangulJamo() {
        #expect(KeyTrace.typing("AK", on: "2y") == ["|ㅿ", "|\u{1140}\u{119E}"])
        #expect(KeyTrace.typing("GK", on: "2y") == ["|ㆆ", "|\u{1159}\u{119E}"])
        #expect(KeyTrace.typing("Dk", on: "2y") == ["|ㆁ", "|\u{114C}\u{1161}"])
    }

    @Test func modernSyllablesStayPrecomposed() {
        #expect(KeyTrace.typing("dkd", on: "2y") == ["|ㅇ", "|아", "|앙"])
    }

    /// ㄸ cannot end a modern syllable (dubeolsik starts the next one with it), but old Hangul has a
    /// final ㄸ (U+D7CD), and a final ㅿ (U+11EB).
    @Test func archaicFinalsCloseTheSyllableAsConjoiningJamo() {
        #expect(KeyTrace.typing("rkE", on: "2y") == ["|ㄱ", "|가", "|\u{1100}\u{1161}\u{D7CD}"])
        #expect(KeyTrace.typing("DkA", on: "2y") == ["|ㆁ", "|\u{114C}\u{1161}", "|\u{114C}\u{1161}\u{11EB}"])
    }

    @Test func doubleStrokeCombinationIsAlwaysOn() {
        #expect(KeyTrace.typing("rrk", on: "2y") == ["|ㄱ", "|ㄲ", "|까"])
        #expect(KeyTrace.typing("rkrr", on: "2y") == ["|ㄱ", "|가", "|각", "|갂"])
    }

    /// The full table: ㅂ+ㄱ is an old initial cluster, ㆍ+ㅣ is ㆎ, ㅘ+ㅣ is ㅙ without the
    /// extended-vowels option.
    @Test func oldHangulClustersCombine() {
        #expect(KeyTrace.typing("qrk", on: "2y") == ["|ㅂ", "|ㅲ", "|\u{111E}\u{1161}"])
        #expect(KeyTrace.typing("Kl", on: "2y") == ["|ㆍ", "|ㆎ"])
        #expect(KeyTrace.typing("hkl", on: "2y", .with([], off: [.extendedVowels])) == ["|ㅗ", "|ㅘ", "|ㅙ"])
    }

    /// ㄹ then ㅅ is the old initial ㄽ here (U+A96C), not a final cluster, so the
    /// `non-choseong-combi` option, which 2y honours, has no pair to act on: ㄱ then ㅅ stay apart.
    @Test func twoInitialsMakeAnOldInitialClusterNotAFinalOne() {
        #expect(KeyTrace.typing("ftk", on: "2y") == ["|ㄹ", "|ㄽ", "|\u{A96C}\u{1161}"])
        #expect(KeyTrace.typing("rtk", on: "2y") == ["|ㄱ", "ㄱ|ㅅ", "|사"])
    }

    @Test func digitsPassThroughAsOnDubeolsik() {
        #expect(KeyTrace.typing("rk1", on: "2y") == ["|ㄱ", "|가", "가||passed"])
    }

    @Test func aVowelTakesTheLastConsonantOfTheFinal() {
        #expect(KeyTrace.typing("rkfrk", on: "2y") == ["|ㄱ", "|가", "|갈", "|갉", "갈|가"])
    }

    @Test func backspaceUndoesOldHangulKeystrokesOneByOne() {
        #expect(
            KeyTrace.typing("DkA<<<<", on: "2y") == [
                "|ㆁ", "|\u{114C}\u{1161}", "|\u{114C}\u{1161}\u{11EB}", "|\u{114C}\u{1161}", "|ㆁ", "|", "||passed",
            ])
    }
}
