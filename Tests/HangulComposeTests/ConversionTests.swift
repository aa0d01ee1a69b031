import HangulCompose
import HangulComposeCommands
import HangulCore
import HangulWrongMode
import Testing

/// `--reverse` and `--fix` on real sentences, both ways.
@Suite struct ConversionTests {
    /// The differential corpus: Korean sentences written for this project.
    static let sentences: [String] = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        guard let text = try? String(contentsOfFile: path + "/Differential/Corpus/sentences.txt", encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.isEmpty }.map(String.init)
    }()

    @Test func reverseSpellsTheIssuesExample() throws {
        #expect(try InProcess.run(["--reverse", "--layout", "2"], input: "한글\n").stdout == "gksrmf\n")
        #expect(try InProcess.run(["--reverse"], input: "안녕하세요, 세상!\n").stdout == "dkssudgktpdy, tptkd!\n")
    }

    @Test func reverseKeepsWhatTheLayoutCannotType() throws {
        let result = try InProcess.run(["--reverse"], input: "漢字 한자 a<b €\n")
        #expect(result.stdout == "漢字 gkswk a<less>b €\n")
    }

    @Test func romajaSyllablesThatWouldMergeStartWithACapital() throws {
        #expect(try InProcess.run(["--reverse", "--layout", "ro"], input: "한글 안아 가나\n").stdout == "hanGeul anA gana\n")
    }

    /// On every built-in layout, every corpus sentence reversed and typed back is itself, when the
    /// layout can type all of it; dubeolsik can type every sentence.
    @Test(arguments: LayoutCatalog.builtIn.ids)
    func reverseThenTypeIsTheIdentity(layout id: String) throws {
        #expect(Self.sentences.count > 100)
        let layout = try #require(LayoutCatalog.builtIn.layout(named: id))
        let speller = ReverseSpeller(layout: layout)
        var typable: [String] = []
        for sentence in Self.sentences {
            let pieces = speller.pieces(for: sentence)
            if !pieces.contains(where: { if case .untypable = $0 { true } else { false } }) { typable.append(sentence) }
        }
        if id == "2" { #expect(typable.count == Self.sentences.count) }
        #expect(typable.count * 2 > Self.sentences.count, "\(id) types \(typable.count) sentences")
        let keys = try InProcess.run(["--reverse", "--layout", id], input: typable.joined(separator: "\n") + "\n")
        #expect(keys.status == 0)
        let typed = try InProcess.run(["--layout", id], input: keys.stdout)
        #expect(typed.stderr == "")
        #expect(typed.stdout == typable.joined(separator: "\n") + "\n")
    }

    @Test func everySyllableRoundTripsOnDubeolsik() throws {
        var all = String.UnicodeScalarView()
        for value in Syllable.first...Syllable.last {
            if let scalar = Unicode.Scalar(value) { all.append(scalar) }
        }
        let text = String(all)
        let keys = try InProcess.run(["--reverse"], input: text + "\n")
        #expect(try InProcess.run([], input: keys.stdout).stdout == text + "\n")
    }

    /// On layouts with dual-role keys a vowel's key depends on what follows (a left-hand ㅜ before a
    /// final, a right-hand one before a vowel it combines with): every modern syllable still comes
    /// back from the keys `--reverse` gives.
    @Test(arguments: ["3sin-p2", "3sin-1995"])
    func everySyllableRoundTripsOnSinSebeolsik(layout id: String) throws {
        var all = String.UnicodeScalarView()
        for value in Syllable.first...Syllable.last {
            if let scalar = Unicode.Scalar(value) { all.append(scalar) }
        }
        let text = String(all)
        #expect(text.unicodeScalars.count == 11_172)
        let keys = try InProcess.run(["--reverse", "--layout", id], input: text + "\n")
        #expect(keys.status == 0)
        #expect(try InProcess.run(["--layout", id], input: keys.stdout).stdout == text + "\n")
    }

    // MARK: - --fix

    static let words = WordList(["hello", "world", "so", "go", "work", "Seoul", "the", "kind", "BB", "rm", "zz"])

    func fixed(_ text: String, words: WordList = Self.words) -> String {
        WrongModeFixer(layout: .dubeolsik, words: words).fix(text)
    }

    @Test func fixConvertsTheIssuesExamples() {
        #expect(fixed("dkssudgktpdy, world! gksrmf wkfgo") == "안녕하세요, world! 한글 잘해")
        #expect(fixed("ㅗ디ㅣㅐ 세상") == "hello 세상")
    }

    @Test func fixKeepsLatinThatDoesNotTypeWholeSyllables() {
        // "kim" types ㅏㅑㅡ, "qwer" ㅂㅈㄷㄱ: lone letters, so they stay; "so" is a word.
        #expect(fixed("kim qwer so") == "kim qwer so")
        // "gks" is not a word and types one whole syllable, 한; "xyz" types 툨, a syllable Korean is
        // not written in (WrongModeRuleTests).
        #expect(fixed("gks xyz") == "한 xyz")
    }

    @Test func fixComparesWordsIgnoringCaseAsTypistsWriteThem() {
        #expect(fixed("SEOUL World seoul") == "SEOUL World seoul")
        #expect(fixed("wOrk") == "쟤가")
    }

    @Test func fixKeepsShortWordsOfWholeSyllablesKorean() {
        // 내 spells "so" and 해 "go": the Korean words are far likelier; 재가 spells "work".
        #expect(fixed("내 해 재가") == "내 해 work")
    }

    @Test func fixKeepsKoreanThatSpellsAcronymsAbbreviationsOrOddCapitals() {
        // ㅠㅠ spells BB (an acronym), 그 rm (no vowel), 쟤가 wOrk (a capital inside), ㅋㅋ zz.
        #expect(fixed("ㅠㅠ 그 쟤가 ㅋㅋ") == "ㅠㅠ 그 쟤가 ㅋㅋ")
        #expect(fixed("재가 ㅗ디ㅣㅐ ㅗㄷㅣㅣㅐ") == "work hello ㅗㄷㅣㅣㅐ")
    }

    @Test func fixKeepsEverythingButTheRuns() {
        #expect(fixed("(gksrmf) 2024 漢字 ㅗ디ㅣㅐ!") == "(한글) 2024 漢字 hello!")
    }

    /// With Debian's word list (wamerican, which scripts/setup installs; this test fails without it):
    /// Korean sentences typed in the wrong mode come back, English typed in Hangul mode comes back,
    /// and Korean prose is left alone.
    @Test func fixRepairsRealSentencesBothWays() throws {
        let words = try WordList(contentsOf: WordList.defaultPath)
        #expect(words.count > 50_000)
        let fixer = WrongModeFixer(layout: .dubeolsik, words: words)
        let speller = ReverseSpeller(layout: .dubeolsik)
        var unchanged = 0
        var restored = 0
        for sentence in Self.sentences {
            if fixer.fix(sentence) == sentence { unchanged += 1 }
            if fixer.fix(speller.keys(for: sentence)) == sentence { restored += 1 }
        }
        #expect(unchanged == Self.sentences.count, "Korean prose left alone")
        #expect(restored * 10 >= Self.sentences.count * 9, "\(restored) of \(Self.sentences.count) restored")
        let english = "the quick brown fox jumps over the lazy dog while we test the keyboard"
        let typedInHangulMode = try InProcess.run([], input: english + "\n").stdout.dropLast()
        #expect(fixer.fix(String(typedInHangulMode)) == english)
    }
}
