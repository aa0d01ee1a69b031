import HangulCore
import Testing

/// Keyboard `3y`, sebeolsik yetgeul (세벌식 옛글): a direct keyboard for old Hangul (옛한글), with
/// ㆁ ㆆ ㅿ ㆍ and old finals on Shift and libhangul's full combination table. Each step is
/// "commit|preedit"; conjoining jamo are written as escapes. Every row was checked against
/// libhangul 0.2.0.
@Suite struct SebeolsikYetgeulTests {
    @Test func modernSyllablesStayPrecomposed() {
        #expect(KeyTrace.typing("kfa", on: "3y") == ["|ㄱ", "|가", "|강"])
        #expect(KeyTrace.typing("kf1", on: "3y") == ["|ㄱ", "|가", "|갛"])
    }

    /// Shift+J is initial ㆁ, Shift+G is ㆍ, ~ is final ㆁ, @ final ㅿ and ` final ㆆ: syllables with
    /// them have no precomposed form and show as conjoining jamo.
    @Test func oldHangulSyllablesShowAsConjoiningJamo() {
        #expect(KeyTrace.typing("JG~", on: "3y") == ["|ㆁ", "|\u{114C}\u{119E}", "|\u{114C}\u{119E}\u{11F0}"])
        #expect(KeyTrace.typing("kf@", on: "3y") == ["|ㄱ", "|가", "|\u{1100}\u{1161}\u{11EB}"])
        #expect(KeyTrace.typing("kf`", on: "3y") == ["|ㄱ", "|가", "|\u{1100}\u{1161}\u{11F9}"])
    }

    /// An initial cannot follow a medial without auto-reorder, on old jamo as on modern ones.
    @Test func anInitialAfterTheMedialStartsTheNextSyllable() {
        #expect(KeyTrace.typing("NGM", on: "3y") == ["|ㅿ", "|\u{1140}\u{119E}", "\u{1140}\u{119E}|ㆆ"])
    }

    /// ㄹ+ㅅ is the old initial ㄽ (U+A96C); ㆍ+ㅣ is ㆎ; ㆍ+ㅏ (U+D7C5) has no compatibility letter,
    /// so alone it shows after the initial filler U+115F.
    @Test func oldHangulClustersCombine() {
        #expect(KeyTrace.typing("ynf", on: "3y") == ["|ㄹ", "|ㄽ", "|\u{A96C}\u{1161}"])
        #expect(KeyTrace.typing("Gd", on: "3y") == ["|ㆍ", "|ㆎ"])
        #expect(KeyTrace.typing("Gf", on: "3y") == ["|ㆍ", "|\u{115F}\u{D7C5}"])
    }

    @Test func doubleStrokeCombinationIsAlwaysOn() {
        #expect(KeyTrace.typing("kkfqq", on: "3y") == ["|ㄱ", "|ㄲ", "|까", "|깟", "|깠"])
    }

    @Test func symbolsAreConsumedAndCommitted() {
        #expect(KeyTrace.typing("kf[", on: "3y") == ["|ㄱ", "|가", "가[|"])
    }

    @Test func initialAndFinalWithoutAMedialShowAsJamoWithAFiller() {
        #expect(KeyTrace.typing("ks", on: "3y") == ["|ㄱ", "|\u{1100}\u{1160}\u{11AB}"])
        #expect(KeyTrace.typing("J~", on: "3y") == ["|ㆁ", "|\u{114C}\u{1160}\u{11F0}"])
    }

    @Test func autoReorderFillsEmptySlotsInAnyOrder() {
        #expect(KeyTrace.typing("GJ", on: "3y", .with([.autoReorder])) == ["|ㆍ", "|\u{114C}\u{119E}"])
    }

    @Test func backspaceUndoesAnOldFinalFirst() {
        #expect(
            KeyTrace.typing("kf@<<<<", on: "3y") == [
                "|ㄱ", "|가", "|\u{1100}\u{1161}\u{11EB}", "|가", "|ㄱ", "|", "||passed",
            ])
    }
}
