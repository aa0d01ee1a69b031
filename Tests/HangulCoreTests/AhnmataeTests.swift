import HangulCore
import Testing

/// Keyboard `ahn`, ahnmatae (안마태): a direct keyboard typed in chords, where two keys pressed
/// together make a consonant or vowel that has no key of its own. The composer sees a chord as two
/// keys in either order, so each pair combines both ways. Each step is "commit|preedit"; conjoining
/// jamo are written as escapes. Every row was checked against libhangul 0.2.0.
@Suite struct AhnmataeTests {
    @Test(
        arguments: [
            ("fdj", ["|ㄱ", "|ㄸ", "|따"]), ("dfj", ["|ㄷ", "|ㄸ", "|따"]),
            ("ftj", ["|ㄱ", "|ㅋ", "|카"]), ("tfj", ["|ㅎ", "|ㅋ", "|카"]),
            ("fjl", ["|ㄱ", "|가", "|과"]), ("flj", ["|ㄱ", "|고", "|과"]),
            ("fjvb", ["|ㄱ", "|가", "|각", "|갂"]), ("fjbv", ["|ㄱ", "|가", "|강", "|갂"]),
        ] as [(String, KeyTrace)])
    func chordedPairsCombineInEitherOrder(keys: String, expected: KeyTrace) {
        #expect(KeyTrace.typing(keys, on: "ahn") == expected)
    }

    /// The same key twice is not a chord, and the table has no pair for it.
    @Test func aConsonantStruckTwiceDoesNotDouble() {
        #expect(KeyTrace.typing("ff", on: "ahn") == ["|ㄱ", "ㄱ|ㄱ"])
    }

    @Test func digitsAndSymbolsAreConsumedAndCommitted() {
        #expect(KeyTrace.typing("fj1", on: "ahn") == ["|ㄱ", "|가", "가1|"])
        #expect(KeyTrace.typing("fj'", on: "ahn") == ["|ㄱ", "|가", "가.|"])
    }

    /// Shift gives ㆁ, ㆍ and other old jamo even though the keyboard is not an old-Hangul one:
    /// syllables with them show as conjoining jamo.
    @Test func shiftedOldJamoShowAsConjoiningJamo() {
        #expect(KeyTrace.typing("Gj", on: "ahn") == ["|ㆁ", "|\u{114C}\u{1161}"])
        #expect(KeyTrace.typing("fJ", on: "ahn") == ["|ㄱ", "|\u{1100}\u{119E}"])
        #expect(KeyTrace.typing("fjB", on: "ahn") == ["|ㄱ", "|가", "|\u{1100}\u{1161}\u{11F0}"])
    }

    @Test func initialAndFinalWithoutAMedialShowAsJamoWithAFiller() {
        #expect(KeyTrace.typing("fv", on: "ahn") == ["|ㄱ", "|\u{1100}\u{1160}\u{11A8}"])
    }

    @Test func autoReorderFillsEmptySlotsInAnyOrder() {
        #expect(KeyTrace.typing("jf", on: "ahn", .with([.autoReorder])) == ["|ㅏ", "|가"])
        #expect(KeyTrace.typing("jf", on: "ahn") == ["|ㅏ", "ㅏ|ㄱ"])
    }

    @Test func backspaceUndoesOneKeyOfAChord() {
        #expect(
            KeyTrace.typing("fjvb<<<<<", on: "ahn") == ["|ㄱ", "|가", "|각", "|갂", "|각", "|가", "|ㄱ", "|", "||passed"])
    }
}
