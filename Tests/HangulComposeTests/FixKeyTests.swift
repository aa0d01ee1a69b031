import Foundation
import Testing

@testable import HangulCompose
@testable import HangulComposeCommands

/// Debian's `wamerican`, which `scripts/setup` installs; without it (and outside CI) these are skipped.
private let wordListPresent = FileManager.default.fileExists(atPath: "/usr/share/dict/american-english")
private let underCI = ProcessInfo.processInfo.environment["CI"] != nil

/// The fix keys in `hangul-compose` (PROTOCOL.md section 9.7): on the text the field holds, as a
/// frontend's surrounding text.
@Suite(.enabled(if: wordListPresent || underCI, "needs Debian's wamerican"))
struct FixKeyTests {
    @Test func theFixKeyTurnsALatinWordIntoTheHangulItTypes() throws {
        #expect(try InProcess.run(["<Hangul>dkssud<Pause>"]).stdout == "안녕\n")
    }

    @Test func typingGoesOnInHangulAfterTheFix() throws {
        #expect(try InProcess.run(["<Hangul>dkssud<Shift+Hangul>gktpdy"]).stdout == "안녕하세요\n")
    }

    @Test func theFixKeyPressedTwiceGivesBackTheWordAsTypedAndTheMode() throws {
        #expect(try InProcess.run(["<Hangul>dkssud<Pause><Pause> ok"]).stdout == "dkssud ok\n")
    }

    @Test func aKoreanWordIsLeftAlone() throws {
        #expect(try InProcess.run(["dkssud<Pause>"]).stdout == "안녕\n")
    }

    @Test func aHangulWordThatSpellsEnglishBecomesEnglishAndTypingGoesOnInLatin() throws {
        // h e l l o typed in Hangul mode, then the fix key, then " dkssud" typed on in Latin.
        #expect(try InProcess.run(["hello<Pause> dkssud"]).stdout == "hello dkssud\n")
    }

    @Test func theJSONStepOfAFixSaysHowManyCharactersItReplaces() throws {
        let lines = try InProcess.run(["--json", "<Hangul>dkssud<Pause>"]).stdout.split(separator: "\n")
        #expect(
            lines.contains(#"{"key":"<Pause>","commit":"안녕","preedit":"","handled":true,"delete_before":6}"#))
    }

    @Test func aMissingWordListLeavesTheTextAsTyped() throws {
        #expect(try InProcess.run(["--words", "/nonexistent/words", "<Hangul>dkssud<Pause>"]).stdout == "dkssud\n")
    }
}
