import Foundation
import Testing

@testable import HangulCompose
@testable import HangulComposeCommands

/// The conformance transcripts' small dictionary, so these expectations do not depend on the
/// libhangul-data installed.
private let dictionary: String = {
    var path = #filePath
    for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
    return path + "/protocol/conformance/hanja-dictionary.dic"
}()

private let ownDictionary = ["--no-system-hanja", "--hanja-file", dictionary]

private let systemDictionaryPresent = FileManager.default.fileExists(atPath: "/usr/share/libhangul/hanja/hanja.txt")

@Suite struct HanjaTests {
    @Test func hanjaPrintsEachCandidateWithItsMeaning() throws {
        let run = try InProcess.run(["--hanja", "한"] + ownDictionary)
        #expect(run.stdout == "韓\t나라 이름 한\n漢\t한수 한\n寒\t찰 한\n")
        #expect(run.status == 0)
    }

    @Test func aWordListsItsLongestKnownStartFirst() throws {
        let run = try InProcess.run(["--hanja", "대한민국"] + ownDictionary)
        #expect(run.stdout == "大韓民國\t\n大韓\t\n")
    }

    @Test func aLoneJamoListsItsSymbols() throws {
        #expect(try InProcess.run(["--hanja", "ㅁ"] + ownDictionary).stdout == "※\t참고\n☆\t별\n")
    }

    @Test func aWordWithoutCandidatesSaysSoAndFails() throws {
        let run = try InProcess.run(["--hanja", "거"] + ownDictionary)
        #expect(run.stdout == "")
        #expect(run.stderr == "hangul-compose: no hanja or symbols for \"거\" in the dictionaries\n")
        #expect(run.status == 1)
    }

    @Test func theHanjaKeyConvertsWhileTyping() throws {
        #expect(try InProcess.run(["gks<F9>1 rk<Hangul_Hanja><Page_Down>2"] + ownDictionary).stdout == "韓 嘉\n")
    }

    @Test func jsonStepsShowTheCandidateList() throws {
        let run = try InProcess.run(["--json", "a<F9><Down><Escape>"] + ownDictionary)
        #expect(
            run.stdout == """
                {"key":"a","commit":"","preedit":"ㅁ","handled":true}
                {"key":"<F9>","commit":"","preedit":"ㅁ","handled":true,"candidates":{"items":[{"value":"※","meaning":"참고"},{"value":"☆","meaning":"별"}],"start":0,"highlight":0,"total":2}}
                {"key":"<Down>","commit":"","preedit":"ㅁ","handled":true,"candidates":{"items":[{"value":"※","meaning":"참고"},{"value":"☆","meaning":"별"}],"start":0,"highlight":1,"total":2}}
                {"key":"<Escape>","commit":"","preedit":"ㅁ","handled":true,"candidates":null}
                {"text":"ㅁ"}

                """)
    }

    @Test func hanjaRefusesKeysAndOtherModes() throws {
        #expect(throws: (any Error).self) { try ComposeCommand.parse(["--hanja", "한", "gks"]).validate() }
        #expect(throws: (any Error).self) { try ComposeCommand.parse(["--hanja", "한", "--daemon"]).validate() }
        #expect(throws: (any Error).self) { try ComposeCommand.parse(["--hanja", ""]).validate() }
    }

    /// libhangul's own first candidate for 한, from the system dictionary; fails under CI when
    /// libhangul-data is missing.
    @Test(.enabled(if: systemDictionaryPresent || ProcessInfo.processInfo.environment["CI"] != nil))
    func theSystemDictionaryGivesLibhangulsFirstCandidate() throws {
        #expect(systemDictionaryPresent, "libhangul-data is missing: run scripts/setup")
        #expect(try InProcess.run(["--hanja", "한"]).stdout.hasPrefix("韓\t나라 이름 한, 한나라 한\n漢\t한수 한\n"))
        #expect(try InProcess.run(["gks<F9>1"]).stdout == "韓\n")
    }
}
