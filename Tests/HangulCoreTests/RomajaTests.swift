import HangulCore
import Testing

/// Keyboard `ro`, romaja (로마자): Latin letters spell Hangul by their sound, read as the characters
/// typed. Each step is "commit|preedit". Every row was checked against libhangul 0.2.0.
@Suite struct RomajaTests {
    @Test func aVowelWithNoConsonantGetsASilentIeung() {
        #expect(KeyTrace.typing("a", on: "ro") == ["|아"])
        #expect(KeyTrace.typing("ana", on: "ro") == ["|아", "|안", "아|나"])
    }

    /// A consonant that cannot join the next one is finished with ㅡ.
    @Test func aLoneConsonantIsFinishedWithEu() {
        #expect(KeyTrace.typing("ks", on: "ro") == ["|ㅋ", "크|ㅅ"])
        #expect(KeyTrace.typing("kk", on: "ro") == ["|ㅋ", "크|ㅋ"])
    }

    /// n then g is final ㅇ, which a following vowel does not take: it gets its own silent ㅇ.
    @Test func ngIsAFinalIeung() {
        #expect(KeyTrace.typing("kang", on: "ro") == ["|ㅋ", "|카", "|칸", "|캉"])
        #expect(KeyTrace.typing("anga", on: "ro") == ["|아", "|안", "|앙", "앙|아"])
    }

    /// x is ㅈ where a syllable starts and the final ㄳ where it ends; a vowel after that ㄳ takes
    /// its ㅅ.
    @Test func xIsJieutAtTheStartAndGiyeokSiotAtTheEnd() {
        #expect(KeyTrace.typing("xax", on: "ro") == ["|ㅈ", "|자", "|잓"])
        #expect(KeyTrace.typing("gaxa", on: "ro") == ["|ㄱ", "|가", "|갃", "각|사"])
        #expect(KeyTrace.typing("kxa", on: "ro") == ["|ㅋ", "크|ㅈ", "|자"])
    }

    @Test func lettersCombineIntoVowelsAndTenseConsonants() {
        #expect(KeyTrace.typing("yeo", on: "ro") == ["|이", "|예", "|여"])
        #expect(KeyTrace.typing("eui", on: "ro") == ["|에", "|으", "|의"])
        #expect(KeyTrace.typing("chwi", on: "ro") == ["|ㅊ", "|ㅊ", "|추", "|취"])
        #expect(KeyTrace.typing("ssa", on: "ro") == ["|ㅅ", "|ㅆ", "|싸"])
    }

    /// Without a break a vowel takes the consonant before it (hangug is 항욱); a capital letter
    /// starts a new syllable, so hanGug is 한국.
    @Test func aCapitalLetterStartsANewSyllable() {
        #expect(KeyTrace.typing("hangug", on: "ro") == ["|ㅎ", "|하", "|한", "|항", "항|우", "|욱"])
        #expect(KeyTrace.typing("hanGug", on: "ro") == ["|ㅎ", "|하", "|한", "한|ㄱ", "|구", "|국"])
        #expect(KeyTrace.typing("hanA", on: "ro") == ["|ㅎ", "|하", "|한", "한|아"])
    }

    /// The keyboard reads the character typed, not a key position: Q and q are both ㅋ, the capital
    /// only breaking the syllable.
    @Test func capitalsTypeTheSameJamoAsSmallLetters() {
        #expect(KeyTrace.typing("Qa", on: "ro") == ["|ㅋ", "|카"])
        #expect(KeyTrace.typing("qa", on: "ro") == ["|ㅋ", "|카"])
    }

    @Test func digitsAndSymbolsAreConsumedAndCommitted() {
        #expect(KeyTrace.typing("han1", on: "ro") == ["|ㅎ", "|하", "|한", "한1|"])
    }

    /// The silent ㅇ is no keystroke: one BackSpace after a lone vowel empties the syllable.
    @Test func backspaceRemovesTheSilentIeungWithItsVowel() {
        #expect(KeyTrace.typing("a<<", on: "ro") == ["|아", "|", "||passed"])
        #expect(KeyTrace.typing("gan<<<", on: "ro") == ["|ㄱ", "|가", "|간", "|가", "|ㄱ", "|"])
    }
}
