import Foundation
import Testing

@testable import HangulCompose
@testable import HangulComposeCommands

/// Debian's `wamerican`, which `scripts/setup` installs; without it (and outside CI) these are skipped.
private let wordListPresent = FileManager.default.fileExists(atPath: "/usr/share/dict/american-english")
private let underCI = ProcessInfo.processInfo.environment["CI"] != nil

/// Automatic repair in `hangul-compose` (PROTOCOL.md section 9.8), turned on with `--option
/// auto-fix`: the session rules the daemon uses, on the text the command's field holds.
@Suite(.enabled(if: wordListPresent || underCI, "needs Debian's wamerican"))
struct AutoFixTests {
    @Test func aLatinWordThatTypesKoreanBecomesHangulAtTheSpaceAndTypingGoesOnInHangul() throws {
        #expect(try InProcess.run(["--option", "auto-fix", "<Hangul>dkssud gktpdy"]).stdout == "안녕 하세요\n")
    }

    @Test func punctuationEndsTheWordAsASpaceDoes() throws {
        #expect(try InProcess.run(["--option", "auto-fix=on", "<Hangul>dkssud, rk"]).stdout == "안녕, 가\n")
    }

    @Test func backSpaceRightAfterARepairGivesBackTheWordAsTypedAndLatinMode() throws {
        #expect(try InProcess.run(["--option", "auto-fix", "<Hangul>dkssud <BackSpace>ok"]).stdout == "dkssud ok\n")
    }

    @Test func englishWordsTypedInLatinStayAsTheyAre() throws {
        #expect(try InProcess.run(["--option", "auto-fix", "<Hangul>hello world "]).stdout == "hello world \n")
    }

    @Test func hangulTypedWithTheKeysOfAnEnglishWordBecomesThatWordAndTypingGoesOnInLatin() throws {
        // h e l l o in Hangul mode types ㅗ디ㅣㅐ; the space repairs it to hello and switches to Latin.
        #expect(try InProcess.run(["--option", "auto-fix", "hello dkssud"]).stdout == "hello dkssud\n")
    }

    @Test func withoutTheOptionNothingIsRepaired() throws {
        #expect(try InProcess.run(["<Hangul>dkssud ", "hello "]).stdout == "dkssud \nㅗ디ㅣㅐ \n")
    }

    @Test func theOptionTurnedOffAgainLeavesTheWordAsTyped() throws {
        let result = try InProcess.run(["--option", "auto-fix", "--option", "auto-fix=off", "<Hangul>dkssud "])
        #expect(result.stdout == "dkssud \n")
    }

    @Test func theJSONStepOfTheSpaceSaysHowManyCharactersTheRepairReplaces() throws {
        let lines = try InProcess.run(["--json", "--option", "auto-fix", "<Hangul>dkssud "]).stdout
            .split(separator: "\n")
        #expect(
            lines.contains(#"{"key":"<space>","commit":"안녕 ","preedit":"","handled":true,"delete_before":6}"#))
    }

    @Test func eachInputStartsAfreshInHangulModeAfterARepairToLatin() throws {
        #expect(try InProcess.run(["--option", "auto-fix", "hello ", "dkssud"]).stdout == "hello \n안녕\n")
    }

    @Test func aValueOtherThanOnOrOffIsRefusedWithTheValuesItTakes() {
        let message = InProcess.usageError(["--option", "auto-fix=maybe", "dkssud"]) ?? ""
        #expect(message.contains("option \"auto-fix\" takes on or off, not \"maybe\""))
    }

    @Test func theUnknownOptionMessageListsAutoFix() {
        let message = InProcess.usageError(["--option", "auto-fixes", "dkssud"]) ?? ""
        #expect(message.contains("auto-fix"))
        #expect(message.contains("unknown option \"auto-fixes\""))
    }

    @Test func aMissingWordListLeavesTheWordAsTyped() throws {
        let result = try InProcess.run(["--words", "/nonexistent/words", "--option", "auto-fix", "<Hangul>dkssud "])
        #expect(result.stdout == "dkssud \n")
    }
}
