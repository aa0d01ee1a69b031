import HangulCore
import Testing

@testable import HangulCompose
@testable import HangulComposeCommands
@testable import HangulWrongMode

#if canImport(Glibc)
    import Glibc
#endif

/// The parts of the wrong-mode rule that keep English typed in Latin mode from being "repaired"
/// (issue 27: automatic repair judges one word at a time and must convert at most 0.1% of English
/// words; `scripts/bench` measures it on prose these tests do not use).
@Suite struct WrongModeRuleTests {
    static let words = WordList(["hello", "the", "doesn't", "could've", "O'Brien", "Seoul's", "of"])

    func fixed(_ text: String, words: WordList = Self.words) -> String {
        WrongModeFixer(layout: .dubeolsik, words: words).fix(text)
    }

    @Test func aCapitalThatTypesTheSameJamoAsItsSmallLetterKeepsTheRunEnglish() {
        // syrus types 뇨견, but nobody presses Shift for the S of 뇨견: Syrus is a name. The same
        // holds for capitals (DNS; dns types 운) and a capital inside (gkSrmf, but gksrmf is 한글).
        #expect(fixed("syrus dns gksrmf") == "뇨견 운 한글")
        #expect(fixed("Syrus DNS gkSrmf") == "Syrus DNS gkSrmf")
    }

    @Test func aCapitalThatTypesATenseConsonantOrVowelIsStillFixed() {
        // T types ㅆ, R ㄲ, O ㅒ: a Korean typist presses Shift for them.
        #expect(fixed("Tkfkd Rkwl wOrk") == "싸랑 까지 쟤가")
    }

    @Test func oneCapitalThatMattersDoesNotHideOneThatDoesNot() {
        // The T of TkfkD types ㅆ, but its D types ㅇ as d does.
        #expect(fixed("TkfkD") == "TkfkD")
    }

    @Test func lettersThatTypeASyllableKoreanIsNotWrittenInStayLatin() {
        // sig types 냫, wuz 졐, xyz 툨: none is among KS X 1001's 2,350 syllables; gks types 한.
        #expect(fixed("sig wuz xyz gks") == "sig wuz xyz 한")
    }

    /// glibc's EUC-KR converter (libc6) encodes exactly KS X 1001's syllables: the table in
    /// WrongModeFixer.swift must be that set, no more and no less.
    @Test func theSyllablesKoreanIsWrittenInAreThoseEUCKREncodes() throws {
        let converter = iconv_open("EUC-KR", "UTF-32LE")
        try #require(converter != iconv_t(bitPattern: -1), "glibc has no EUC-KR converter (gconv modules missing)")
        defer { iconv_close(converter) }
        var encoded: Set<UInt32> = []
        for value in UInt32(0xAC00)...0xD7A3 {
            var input = [UInt8](repeating: 0, count: 4)
            withUnsafeBytes(of: value.littleEndian) { input = Array($0) }
            var output = [CChar](repeating: 0, count: 16)
            let written = input.withUnsafeMutableBufferPointer { inputBuffer in
                output.withUnsafeMutableBufferPointer { outputBuffer in
                    var inputPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inputBuffer.baseAddress)?
                        .assumingMemoryBound(to: CChar.self)
                    var outputPointer: UnsafeMutablePointer<CChar>? = outputBuffer.baseAddress
                    var inputLeft = 4
                    var outputLeft = outputBuffer.count
                    guard iconv(converter, &inputPointer, &inputLeft, &outputPointer, &outputLeft) != -1 else {
                        return 0
                    }
                    return outputBuffer.count - outputLeft
                }
            }
            if written == 2 { encoded.insert(value) }
        }
        #expect(encoded.count == 2350)
        #expect(WrongModeFixer.writtenSyllables == encoded)
    }

    @Test func anOrdinalEndingAfterANumberStaysButKoreanAfterANumberIsFixed() {
        #expect(fixed("the 4th of 13TH, 21st") == "the 4th of 13TH, 21st")
        // th alone types 소, and 3ro is 3개 (three of them) typed in Latin mode.
        #expect(fixed("th 3ro 10qns") == "소 3개 10분")
    }

    @Test func aContractionInTheListGivesTheWordBeforeItsApostrophe() {
        #expect(Self.words.contains(Array("doesn".utf8)))
        #expect(Self.words.contains(Array("could".utf8)))
        #expect(Self.words.contains(Array("Seoul".utf8)))
        // didn't is not in this list: didn types 야우, and is fixed.
        #expect(fixed("doesn't didn't") == "doesn't 야우't")
    }

    @Test func anEntryWithAnApostropheThatIsNotAContractionGivesNothing() {
        #expect(!Self.words.contains(Array("o".utf8)))
        #expect(!Self.words.contains(Array("brien".utf8)))
        #expect(!Self.words.contains(Array("o'brien".utf8)))
    }

    /// With Debian's word list (wamerican, which scripts/setup installs; this test fails without
    /// it): sentences of English written for this test, with names, contractions and numbers.
    @Test func englishWithNamesContractionsAndOrdinalsIsLeftAloneWithDebiansList() throws {
        let words = try WordList(contentsOf: WordList.defaultPath)
        let fixer = WrongModeFixer(layout: .dubeolsik, words: words)
        for sentence in [
            "Doesn't Syrus know that the 4th of July didn't fall on a Sunday?",
            "The DNS server at MIT wasn't answering, so McCoy rebooted it on the 21st.",
        ] {
            #expect(fixer.fix(sentence) == sentence)
        }
    }
}
