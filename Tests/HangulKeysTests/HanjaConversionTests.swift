import HangulCore
import HangulHanja
import HangulKeys
import Testing

/// A small dictionary in libhangul's format: three candidates for 한, words for the suffix and
/// prefix rules, two symbols for ㅁ and eleven candidates for 가, enough for two pages.
private let dictionaryText = """
    한:韓:나라 이름 한
    한:漢:한수 한
    한:寒:찰 한
    대한:大韓:
    대한민국:大韓民國:
    민국:民國:
    ㅁ:※:참고
    ㅁ:☆:
    가:家:집 가
    가:加:더할 가
    가:可:옳을 가
    가:歌:노래 가
    가:街:거리 가
    가:價:값 가
    가:假:거짓 가
    가:架:시렁 가
    가:暇:겨를 가
    가:佳:아름다울 가
    가:嘉:아름다울 가

    """

private let dictionary = HanjaDictionary(tables: [
    HanjaTable(parsing: Array(dictionaryText.utf8), source: "test.txt")
])

/// A context with the test dictionary.
private func context(_ unit: CommitUnit = .syllable) -> InputContext {
    var context = InputContext(commitUnit: unit)
    context.hanja = HanjaDictionarySource(dictionary)
    return context
}

/// A key result as one line: handled or passed, the text to insert, characters to delete first,
/// the preedit and what happened to the candidate list.
private func describe(_ result: KeyResult) -> String {
    var line = "\(result.handled ? "handled" : "passed") commit:\(result.committedText)"
    if result.deleteBefore > 0 { line += " delete:\(result.deleteBefore)" }
    return line + " preedit:\(result.preedit) list:\(result.candidates)"
}

/// The open list's page as `value value …` with the highlighted one in brackets.
private func page(_ context: InputContext) -> String {
    let list = context.candidateList
    guard list.isOpen else { return "closed" }
    return list.page.map { index in
        let value = list.candidates[index].value
        return index == list.highlighted ? "[\(value)]" : value
    }.joined(separator: " ")
}

extension InputContext {
    /// Presses each key of a line of key notation; one described result per key.
    fileprivate mutating func type(_ notation: String) throws -> [String] {
        try KeyNotation.parse(notation).map { key in
            describe(handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers)))
        }
    }
}

@Suite struct CandidateListTests {
    @Test func arrowsMoveTheHighlightAndStopAtTheEnds() throws {
        var context = context()
        _ = try context.type("rk<F9>")
        #expect(page(context) == "[家] 加 可 歌 街 價 假 架 暇")
        #expect(
            try context.type("<Up><Left>") == [
                "handled commit: preedit:가 list:shown", "handled commit: preedit:가 list:shown",
            ])
        #expect(page(context) == "[家] 加 可 歌 街 價 假 架 暇")
        _ = try context.type("<Down><Right>")
        #expect(page(context) == "家 加 [可] 歌 街 價 假 架 暇")
    }

    @Test func pageDownTurnsThePageAndDigitsPickOnIt() throws {
        var context = context()
        _ = try context.type("rk<F9><Down><Page_Down>")
        #expect(page(context) == "佳 [嘉]")
        #expect(context.candidateList.pageStart == 9)
        #expect(try context.type("3") == ["handled commit: preedit:가 list:shown"])
        #expect(try context.type("2") == ["handled commit:嘉 preedit: list:closed"])
        #expect(!context.candidateList.isOpen)
    }

    @Test func pageUpGoesBackAndStopsAtTheFirst() throws {
        var context = context()
        _ = try context.type("rk<F9><Page_Down><Page_Up><Page_Up>")
        #expect(page(context) == "[家] 加 可 歌 街 價 假 架 暇")
    }

    @Test func returnPicksTheHighlightedCandidate() throws {
        var context = context()
        #expect(
            try context.type("gks<F9><Down><Return>") == [
                "handled commit: preedit:ㅎ list:unchanged", "handled commit: preedit:하 list:unchanged",
                "handled commit: preedit:한 list:unchanged", "handled commit: preedit:한 list:shown",
                "handled commit: preedit:한 list:shown", "handled commit:漢 preedit: list:closed",
            ])
    }

    @Test func keypadDigitsPickToo() throws {
        var context = context()
        #expect(try context.type("gks<F9><KP_3>").last == "handled commit:寒 preedit: list:closed")
    }

    @Test func escapeAndTheHanjaKeyCloseKeepingThePreedit() throws {
        var context = context()
        #expect(try context.type("gks<F9><Escape>").last == "handled commit: preedit:한 list:closed")
        #expect(try context.type("<F9><Hangul_Hanja>").last == "handled commit: preedit:한 list:closed")
        #expect(context.preedit.string == "한")
    }

    @Test func anyOtherKeyClosesAndIsThenProcessed() throws {
        var context = context()
        #expect(try context.type("gks<F9>k").last == "handled commit:하 preedit:나 list:closed")
        _ = context.flush()
        #expect(try context.type("gks<F9><space>").last == "passed commit:한 preedit: list:closed")
    }

    @Test func aShortcutClosesTheListAndCommits() throws {
        var context = context()
        #expect(try context.type("gks<F9><Control+c>").last == "passed commit:한 preedit: list:closed")
    }

    @Test func aBareModifierLeavesTheListOpen() throws {
        var context = context()
        #expect(try context.type("gks<F9><Shift_L>").last == "passed commit: preedit:한 list:unchanged")
        #expect(page(context) == "[韓] 漢 寒")
    }

    @Test func aDigitBeyondThePageIsTakenWithoutEffect() throws {
        var context = context()
        #expect(try context.type("gks<F9>7").last == "handled commit: preedit:한 list:shown")
        #expect(page(context) == "[韓] 漢 寒")
    }
}

@Suite struct HanjaConversionTests {
    @Test func hanThenF9Then1CommitsTheFirstCandidate() throws {
        var context = context()
        #expect(
            try context.type("gks<F9>1").suffix(2) == [
                "handled commit: preedit:한 list:shown", "handled commit:韓 preedit: list:closed",
            ])
        #expect(context.candidateList.candidates.isEmpty)
    }

    @Test func eachCandidateCarriesItsMeaning() throws {
        var context = context()
        _ = try context.type("gks<Hangul_Hanja>")
        let list = context.candidateList
        #expect(
            list.page.map { "\(list.candidates[$0].value) \(list.candidates[$0].comment)" } == [
                "韓 나라 이름 한", "漢 한수 한", "寒 찰 한",
            ])
    }

    @Test func aLoneJamoListsItsSymbols() throws {
        var context = context()
        _ = try context.type("a<F9>")
        #expect(page(context) == "[※] ☆")
        #expect(try context.type("2") == ["handled commit:☆ preedit: list:closed"])
    }

    @Test func theLongestWordBeforeTheCursorComesFirstAndItsLengthIsDeleted() throws {
        var context = context()
        context.setSurroundingText(beforeCursor: "우리 대한민국")
        #expect(try context.type("<F9>") == ["handled commit: preedit: list:shown"])
        #expect(page(context) == "[大韓民國] 民國")
        #expect(try context.type("1") == ["handled commit:大韓民國 delete:4 preedit: list:closed"])
        #expect(context.textBeforeCursor == "")
    }

    @Test func aWordEndingInASyllableListsTheWordThenTheSyllable() throws {
        var context = context()
        context.setSurroundingText(beforeCursor: "나대한")
        _ = try context.type("<F9>")
        #expect(page(context) == "[大韓] 韓 漢 寒")
        #expect(try context.type("2") == ["handled commit:韓 delete:1 preedit: list:closed"])
    }

    @Test func onlyTheLastThirtyTwoCharactersBeforeTheCursorAreKept() {
        var context = context()
        context.setSurroundingText(beforeCursor: String(repeating: "가", count: 40) + "한")
        #expect(context.textBeforeCursor.unicodeScalars.count == 32)
        #expect(context.textBeforeCursor.hasSuffix("가한"))
    }

    @Test func theSelectionConvertsWhenNothingPrecedesTheCursor() throws {
        var context = context()
        context.setSurroundingText(beforeCursor: "", selection: "대한")
        _ = try context.type("<F9>")
        #expect(page(context) == "[大韓]")
        #expect(try context.type("<Return>") == ["handled commit:大韓 preedit: list:closed"])
    }

    @Test func thePreeditComesBeforeTheSurroundingText() throws {
        var context = context()
        _ = try context.type("gks")
        context.setSurroundingText(beforeCursor: "대한민국")
        _ = try context.type("<F9>")
        #expect(page(context) == "[韓] 漢 寒")
    }

    @Test func anyOtherKeyForgetsTheSurroundingText() throws {
        var context = context()
        context.setSurroundingText(beforeCursor: "대한", selection: "대한")
        _ = try context.type("<Shift_L><F9>")
        #expect(context.candidateList.isOpen)
        _ = try context.type("<Escape><Left>")
        #expect(context.textBeforeCursor == "")
        #expect(context.selection == "")
        #expect(try context.type("<F9>") == ["passed commit: preedit: list:unchanged"])
    }

    @Test func aHanjaKeyWithoutCandidatesCommitsAndPassesAsANamedKey() throws {
        var context = context()
        #expect(try context.type("rj<F9>").last == "passed commit:거 preedit: list:unchanged")
    }

    @Test func withoutADictionaryTheHanjaKeyPassesAsBefore() throws {
        var context = InputContext()
        #expect(try context.type("gks<F9>").last == "passed commit:한 preedit: list:unchanged")
        context.hanja = HanjaDictionarySource(HanjaDictionary.empty)
        #expect(try context.type("gks<F9>").last == "passed commit:한 preedit: list:unchanged")
    }

    @Test func hanjaKeysAreSetPerSessionAndLatinModePassesThem() throws {
        var context = context()
        context.hanjaKeys = [KeyChord(keysym: .f1)]
        #expect(try context.type("gks<F9>").last == "passed commit:한 preedit: list:unchanged")
        #expect(try context.type("gks<F1>").last == "handled commit: preedit:한 list:shown")
        _ = context.setMode(.latin)
        #expect(!context.candidateList.isOpen)
        #expect(try context.type("<F1>") == ["passed commit: preedit: list:unchanged"])
    }

    @Test func pickingByIndexConvertsAndRefusesWhatIsNotThere() throws {
        var context = context()
        #expect(context.pickCandidate(at: 0) == nil)
        _ = try context.type("gks<F9>")
        #expect(context.pickCandidate(at: 3) == nil)
        #expect(context.candidateList.isOpen)
        #expect(context.pickCandidate(at: 2).map(describe) == "handled commit:寒 preedit: list:closed")
    }

    @Test func flushAndCancelCloseTheList() throws {
        var context = context()
        _ = try context.type("gks<F9>")
        #expect(context.flush().string == "한")
        #expect(!context.candidateList.isOpen)
        _ = try context.type("gks<F9>")
        context.cancel()
        #expect(!context.candidateList.isOpen)
        #expect(context.closeCandidates() == false)
    }

    @Test func theReleaseOfAPickingKeyIsHandled() throws {
        var context = context()
        _ = try context.type("gks<F9>1")
        let release = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x31), isRelease: true))
        #expect(release.handled)
    }
}

/// Hanja on a word in word-commit mode: the list starts with the longest start of the word the
/// dictionary knows, and a pick converts that start and leaves the rest composing.
@Suite struct WordConversionTests {
    @Test func theHanjaKeyListsTheLongestKnownStartOfTheWordFirst() throws {
        var context = context(.word)
        #expect(try context.type("eogksalsrnr<F9>").last == "handled commit: preedit:대한민국 list:shown")
        #expect(page(context) == "[大韓民國] 大韓")
    }

    @Test func aPickConvertsTheStartAndLeavesTheRestToConvertNext() throws {
        var context = context(.word)
        #expect(try context.type("eogksalsrnr<F9>2").last == "handled commit:大韓 preedit:민국 list:closed")
        #expect(try context.type("<F9>").last == "handled commit: preedit:민국 list:shown")
        #expect(page(context) == "[民國]")
        #expect(try context.type("1").last == "handled commit:民國 preedit: list:closed")
        #expect(context.preedit.isEmpty)
    }

    @Test func theRestOfTheWordKeepsComposing() throws {
        var context = context(.word)
        #expect(try context.type("eogksdk<F9>1").last == "handled commit:大韓 preedit:아 list:closed")
        #expect(
            try context.type("s<BackSpace><BackSpace><BackSpace>") == [
                "handled commit: preedit:안 list:unchanged", "handled commit: preedit:아 list:unchanged",
                "handled commit: preedit:ㅇ list:unchanged", "handled commit: preedit: list:unchanged",
            ])
        #expect(try context.type("<BackSpace>") == ["passed commit: preedit: list:unchanged"])
    }

    @Test func aWordWithoutCandidatesIsCommittedByTheHanjaKey() throws {
        var context = context(.word)
        #expect(try context.type("dkssud<F9>").last == "passed commit:안녕 preedit: list:unchanged")
    }

    @Test func pickingTheWholeWordEmptiesThePreedit() throws {
        var context = context(.word)
        #expect(try context.type("eogksalsrnr<F9>1").last == "handled commit:大韓民國 preedit: list:closed")
        #expect(context.preedit.isEmpty)
    }
}
