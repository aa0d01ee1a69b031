import HangulCore
import HangulCoreTesting
import Testing

/// The layout tables read backwards, checked against spellings written by hand.
@Suite struct KeySpellerTests {
    let dubeolsik = KeySpeller(layout: .dubeolsik)

    @Test(arguments: [
        ("안녕하세요", "dkssudgktpdy"), ("값", "rkqt"), ("닭", "ekfr"), ("꽃", "Rhc"), ("왜", "dho"),
        ("의", "dml"), ("ㅋㅋ", "zz"), ("ㅠ", "b"), ("한글 입력.", "gksrmf dlqfur."), ("1+1=2", "1+1=2"),
    ])
    func dubeolsikSpellsTextAsItsPrintedKeys(text: String, keys: String) {
        #expect(dubeolsik.keys(for: text) == keys)
    }

    @Test func identicalPairsSpellOnlyWithCombiOnDoubleStroke() {
        var options = ComposerOptions()
        options.combiOnDoubleStroke = true
        // ㄲ has its own key (Shift+r) either way; the final ㅆ has T too, so no pair is ever needed.
        #expect(dubeolsik.keys(for: "깎") == "RkR")
        #expect(KeySpeller(layout: .dubeolsik, options: options).keys(for: "깎") == "RkR")
    }

    @Test func dubeolsikReachesEveryModernJamoAndNoOther() {
        let speller = KeySpeller(layout: .dubeolsik, options: .everythingOn)
        #expect(speller.reachableJamo(in: .choseong).map(\.rawValue) == Array(Jamo.modernChoseongRange))
        #expect(speller.reachableJamo(in: .jungseong).map(\.rawValue) == Array(Jamo.modernJungseongRange))
        #expect(speller.reachableJamo(in: .jongseong).map(\.rawValue) == Array(Jamo.modernJongseongRange))
    }

    @Test func charactersNoKeyTypesHaveNoSpelling() {
        #expect(dubeolsik.keys(for: "日本") == nil)
        #expect(dubeolsik.keys(for: "é") == nil)
        #expect(dubeolsik.keys(for: Unicode.Scalar(0x1140)!) == nil)  // ᅀ, old Hangul
    }

    @Test func everySyllableIsSpelledAsTheHandWrittenTableSays() {
        var differences: [String] = []
        for value in Syllable.first...Syllable.last {
            guard let syllable = Unicode.Scalar(value) else { continue }
            let expected = DubeolsikSpelling.keys(for: syllable)
            let spelled = dubeolsik.keys(for: syllable)
            if spelled != expected { differences.append("\(syllable): \(spelled ?? "nil"), table \(expected)") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }

    /// Romaja writes no silent ㅇ, and starts with a capital a syllable the one before would swallow:
    /// not 아 after final ㅇ, which stays, nor 력 after ㅂ, which ㄹ does not join.
    @Test(arguments: [
        ("아", "a"), ("가나", "gana"), ("안아", "anA"), ("간가", "ganGa"), ("닭이", "dalgI"), ("강", "gang"),
        ("까치", "ggaci"), ("한글 입력", "hanGeul iblieog"), ("강아", "ganga"), ("아이", "aI"), ("으아", "eua"),
        ("일과", "ilgoa"), ("읽기", "ilggi"), ("갈까", "galGga"),
    ])
    func romajaSpellsWhatItsRulesReadBack(text: String, keys: String) throws {
        let layout = try #require(Layout.named("ro"))
        #expect(KeySpeller(layout: layout).keys(for: text) == keys)
        #expect(Typist.text(spelled: keys, layout: layout) == text)
    }

    /// Romanized, the letters are the ones people write, and the capitals still go where the syllables
    /// would regroup; `x` for ㅈ needs one after a vowel, where it would type ㄳ, but not after a final.
    @Test(arguments: [
        (RomajaWriting.Letters.romanized, "까치", "ggaChi"), (.romanized, "아이", "aI"),
        (.romanized, "한글 입력", "hanGeul ibryeog"), (.romanized, "여의도", "yeoeuido"),
        (.romanizedAlternate, "가자 몫", "gaXa mogs"), (.romanizedAlternate, "닭장", "dalgxang"),
    ])
    func romanizedRomajaSpellsWhatItsRulesReadBack(letters: RomajaWriting.Letters, text: String, keys: String) throws {
        let layout = try #require(Layout.named("ro"))
        #expect(KeySpeller(layout: layout, romaja: RomajaWriting(letters: letters)).keys(for: text) == keys)
        #expect(Typist.text(spelled: keys, layout: layout) == text)
    }

    /// A character the layout cannot type is left out, and what follows is spelled as if it were not
    /// there: on romaja the syllable after it still gets its capital.
    @Test func strokesLeaveOutWhatTheLayoutCannotType() throws {
        let described = { (speller: KeySpeller, text: String) in
            speller.strokes(for: text).map { "\($0.character)=" + ($0.strokes?.map(\.description).joined() ?? "nil") }
        }
        #expect(described(dubeolsik, "가日 나.") == ["가=rk", "日=nil", " =<space>", "나=sk", ".=."])
        let romaja = KeySpeller(layout: try #require(Layout.named("ro")))
        #expect(described(romaja, "안日아") == ["안=an", "日=nil", "아=A"])
    }

    @Test func sebeolsikFinalSpellsEachSlotWithItsOwnKeys() throws {
        let layout = try #require(Layout.named("3f"))
        let speller = KeySpeller(layout: layout)
        let keys = try #require(speller.keys(for: "한글"))
        #expect(Typist.text(spelled: keys, layout: layout) == "한글")
        #expect(speller.keys(for: "ㅋㅋ") != nil)
    }
}
