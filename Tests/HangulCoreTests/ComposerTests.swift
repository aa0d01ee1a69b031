import HangulCore
import Testing

/// Dubeolsik behaviour, step by step, with literal expectations ("commit|preedit" after each key;
/// "|passed" marks a key the composer did not consume). Each row was checked against libhangul 0.2.0.
@Suite struct ComposerTests {
    @Test func typesGreetingOneKeyAtATime() {
        #expect(
            Typist.steps("dkssudgktpdy") == [
                "|ㅇ", "|아", "|안", "안|ㄴ", "|녀", "|녕", "녕|ㅎ", "|하", "|핫", "하|세", "|셍", "세|요",
            ])
        #expect(Typist.text("dkssudgktpdy") == "안녕하세요")
    }

    @Test(arguments: [
        ("hk", "ㅘ"), ("ho", "ㅙ"), ("hl", "ㅚ"), ("nj", "ㅝ"), ("np", "ㅞ"), ("nl", "ㅟ"), ("ml", "ㅢ"),
    ])
    func compoundVowelsForm(keys: String, expected: String) {
        #expect(Typist.text(keys) == expected)
    }

    @Test(arguments: [
        ("rkrt", "갃"), ("rksw", "갅"), ("rksg", "갆"), ("rkfr", "갉"), ("rkfa", "갊"), ("rkfq", "갋"),
        ("rkft", "갌"), ("rkfx", "갍"), ("rkfv", "갎"), ("rkfg", "갏"), ("rkqt", "값"),
    ])
    func compoundFinalsForm(keys: String, expected: String) {
        #expect(Typist.text(keys) == expected)
    }

    @Test func vowelTakesTheFinal() {
        #expect(Typist.steps("rksk") == ["|ㄱ", "|가", "|간", "가|나"])
    }

    @Test func vowelTakesOnlyTheLastPartOfACompoundFinal() {
        #expect(Typist.steps("ekfrk") == ["|ㄷ", "|다", "|달", "|닭", "달|가"])
        #expect(Typist.steps("rkqtl") == ["|ㄱ", "|가", "|갑", "|값", "갑|시"])
    }

    @Test func shiftTypedTenseFinalMovesWhole() {
        #expect(Typist.steps("rkTk") == ["|ㄱ", "|가", "|갔", "가|싸"])
    }

    @Test(arguments: ["E", "Q", "W"])
    func tenseConsonantsThatCannotEndASyllableStartTheNext(key: String) {
        let tense = ["E": "ㄸ", "Q": "ㅃ", "W": "ㅉ"][key, default: ""]
        #expect(Typist.steps("rk" + key) == ["|ㄱ", "|가", "가|\(tense)"])
    }

    @Test func twoInitialsThatFormAFinalClusterShowIt() {
        #expect(Typist.steps("rtk") == ["|ㄱ", "|ㄳ", "ㄱ|사"])
    }

    @Test func twoInitialsStayApartWithoutNonChoseongCombi() {
        var options = ComposerOptions()
        options.nonChoseongCombi = false
        #expect(Typist.steps("rtk", options: options) == ["|ㄱ", "ㄱ|ㅅ", "|사"])
    }

    @Test func backspaceRemovesOneKeystrokeAtATime() {
        #expect(
            Typist.steps("dnpfr<<<<<<") == [
                "|ㅇ", "|우", "|웨", "|웰", "|웱", "|웰", "|웨", "|우", "|ㅇ", "|", "||passed",
            ])
    }

    @Test func backspaceWithNothingComposedIsNotConsumed() {
        #expect(Typist.steps("<") == ["||passed"])
    }

    @Test(arguments: ["1", ";", ".", "/", "[", "`", " "])
    func nonLetterKeysCommitAndPassThrough(key: String) {
        #expect(Typist.steps("rk" + key) == ["|ㄱ", "|가", "가||passed"])
        #expect(Typist.text("rk" + key + "sk") == "가" + key + "나")
    }

    @Test func shiftOnOtherLettersTypesThePlainJamo() {
        #expect(Typist.text("RKS") == "깐")
        #expect(Typist.text("GKSrMF") == "한글")
    }

    @Test func autoReorderPutsAnInitialTypedAfterTheVowelFirst() {
        var options = ComposerOptions()
        options.autoReorder = true
        #expect(Typist.steps("krt", options: options) == ["|ㅏ", "|가", "|갓"])
        #expect(Typist.steps("kr", options: ComposerOptions()) == ["|ㅏ", "ㅏ|ㄱ"])
    }

    /// libhangul shows ㄱ here and keeps an invisible ㅗ that the next BackSpace deletes.
    @Test func autoReorderBackspaceKeepsTheVowelTypedFirst() {
        var options = ComposerOptions()
        options.autoReorder = true
        #expect(Typist.steps("hrk<<<", options: options) == ["|ㅗ", "|고", "|과", "|고", "|ㅗ", "|"])
    }

    @Test func doubleStrokeDoublesConsonants() {
        var options = ComposerOptions()
        options.combiOnDoubleStroke = true
        #expect(Typist.steps("rr", options: options) == ["|ㄱ", "|ㄲ"])
        #expect(Typist.steps("rkttk", options: options) == ["|ㄱ", "|가", "|갓", "|갔", "갓|사"])
        #expect(Typist.steps("rr", options: ComposerOptions()) == ["|ㄱ", "ㄱ|ㄱ"])
    }

    @Test func extendedVowelsAddYaeAndWeAfterWaAndWo() {
        #expect(Typist.steps("rhkl") == ["|ㄱ", "|고", "|과", "|괘"])
        #expect(Typist.steps("rnjl") == ["|ㄱ", "|구", "|궈", "|궤"])
        var strict = ComposerOptions()
        strict.extendedVowels = false
        #expect(Typist.steps("rhkl", options: strict) == ["|ㄱ", "|고", "|과", "과|ㅣ"])
        #expect(Typist.steps("rhkl<<", options: ComposerOptions()) == ["|ㄱ", "|고", "|과", "|괘", "|과", "|고"])
    }

    @Test func jamoOutputWritesConjoiningJamoWithFillers() {
        var options = ComposerOptions()
        options.output = .jamo
        #expect(Typist.text("gks", options: options) == "\u{1112}\u{1161}\u{11AB}")
        #expect(Typist.steps("r", options: options) == ["|\u{1100}\u{1160}"])
        #expect(Typist.steps("k", options: options) == ["|\u{115F}\u{1161}"])
    }

    @Test func flushCommitsThePreeditAndEmptiesIt() {
        var composer = Composer()
        _ = composer.process(KeyPosition(ascii: UInt8(ascii: "r"))!)
        _ = composer.process(KeyPosition(ascii: UInt8(ascii: "k"))!)
        #expect(composer.flush().string == "가")
        #expect(composer.preedit.isEmpty)
        #expect(composer.flush().isEmpty)
    }

    @Test func resetDropsThePreeditWithoutCommitting() {
        var composer = Composer()
        _ = composer.process(KeyPosition(ascii: UInt8(ascii: "r"))!)
        composer.reset()
        #expect(composer.isEmpty)
        #expect(composer.flush().isEmpty)
    }
}
