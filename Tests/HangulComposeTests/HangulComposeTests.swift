import Foundation
import HangulTestSupport
import Testing

/// `hangul-compose` as a user runs it: the built binary, its output, errors and exit status.
@Suite struct HangulComposeTests {
    @Test func typesTheGreetingFromStandardInput() throws {
        let result = try Subprocess.run([], input: "dkssudgktpdy\n")
        #expect(result.stdout == "안녕하세요\n")
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test func typesEachArgumentIntoAFreshField() throws {
        let result = try Subprocess.run(["gksrmf", "dkssud<BackSpace>", "rk1sk"], input: "")
        #expect(result.stdout == "한글\n안녀\n가1나\n")
    }

    @Test func forwardedKeysEditTheTextLikeAnApplication() throws {
        let result = try Subprocess.run(
            [],
            input:
                "rk<space>sk\nab<BackSpace><BackSpace><BackSpace>\n<Control+a>rk\nrk<Return>sk\n<Hangul>rk<Hangul>rk\n")
        #expect(result.stdout == "가 나\n\n가\n가나\nrk가\n")
    }

    @Test func anUnknownKeyNameIsReportedAndTheBatchGoesOn() throws {
        let result = try Subprocess.run([], input: "rk\nrk<Foo>sk\nsk\n")
        #expect(result.stdout == "가\n\n나\n")
        #expect(result.stderr == "hangul-compose: line 2: unknown key name \"Foo\" at position 4\n")
        #expect(result.status == 1)
    }

    @Test func invalidUTF8IsReportedWithItsBytePosition() throws {
        let input = Data("rk\n".utf8) + Data([0x72, 0x6B, 0xFF, 0x73]) + Data("\nsk\n".utf8)
        let result = try Subprocess.run("hangul-compose", [], input: input)
        #expect(result.stdout == "가\n\n나\n")
        #expect(result.stderr == "hangul-compose: line 2: not valid UTF-8 at byte 3\n")
        #expect(result.status == 1)
    }

    @Test func argumentErrorsNameTheArgument() throws {
        let result = try Subprocess.run(["rk", "<Control+"], input: "")
        #expect(result.stdout == "가\n\n")
        #expect(result.stderr.hasPrefix("hangul-compose: argument 2: "))
        #expect(result.status == 1)
    }

    @Test func traceShowsEveryKey() throws {
        let result = try Subprocess.run(["--trace", "rks<BackSpace>1"], input: "")
        #expect(
            result.stdout == """
                key             commit  preedit handled
                r                       ㄱ      yes
                k                       가      yes
                s                       간      yes
                <BackSpace>             가      yes
                1               가              no
                → 가1


                """)
    }

    @Test func jsonIsOneObjectPerKeyThenTheText() throws {
        let result = try Subprocess.run(["--json", "rk\"<Hangul>"], input: "")
        #expect(
            result.stdout == """
                {"key":"r","commit":"","preedit":"ㄱ","handled":true}
                {"key":"k","commit":"","preedit":"가","handled":true}
                {"key":"\\"","commit":"가","preedit":"","handled":false}
                {"key":"<Hangul>","commit":"","preedit":"","handled":true}
                {"text":"가\\""}

                """)
    }

    @Test func optionsChangeComposition() throws {
        let strict = try Subprocess.run(["--option", "extended-vowels=off", "rhkl"], input: "")
        #expect(strict.stdout == "과ㅣ\n")
        let extended = try Subprocess.run(["rhkl"], input: "")
        #expect(extended.stdout == "괘\n")
        let reorder = try Subprocess.run(["--option", "auto-reorder", "kr"], input: "")
        #expect(reorder.stdout == "가\n")
        let jamo = try Subprocess.run(["--output", "jamo", "gks"], input: "")
        #expect(jamo.stdout == "\u{1112}\u{1161}\u{11AB}\n")
    }

    @Test func unknownLayoutListsTheKnownOnes() throws {
        let result = try Subprocess.run(["--layout", "3x", "rk"], input: "")
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: unknown layout \"3x\"; known: 2/dubeolsik, 2y/dubeolsik-yetgeul, 32/sebeolsik-dubeolsik, "
                    + "39/sebeolsik-390, 3f/sebeolsik-final, 3s/sebeolsik-noshift, 3y/sebeolsik-yetgeul, ro/romaja, "
                    + "ahn/ahnmatae\n"))
    }

    @Test func unknownOptionListsTheKnownOnes() throws {
        let result = try Subprocess.run(["--option", "fast", "rk"], input: "")
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: unknown option \"fast\"; known: auto-reorder, combi-on-double-stroke, non-choseong-combi, "
                    + "extended-vowels\n"))
    }

    @Test func traceAndJsonCannotBeCombined() throws {
        let result = try Subprocess.run(["--trace", "--json", "rk"], input: "")
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --trace and --json cannot be combined; choose one output format.\n"))
    }

    @Test func listLayoutsPrintsIdLongIdNamesAndSource() throws {
        let result = try Subprocess.run(
            "hangul-compose", ["--list-layouts"], environment: ["XDG_CONFIG_HOME": "/nonexistent"])
        #expect(
            result.stdout == """
                2\tdubeolsik\tDubeolsik\t두벌식\tbuilt-in
                2y\tdubeolsik-yetgeul\tDubeolsik Yetgeul\t두벌식 옛글\tbuilt-in
                32\tsebeolsik-dubeolsik\tSebeolsik Dubeol Layout\t세벌식 두벌자판\tbuilt-in
                39\tsebeolsik-390\tSebeolsik 390\t세벌식 390\tbuilt-in
                3f\tsebeolsik-final\tSebeolsik Final\t세벌식 최종\tbuilt-in
                3s\tsebeolsik-noshift\tSebeolsik Noshift\t세벌식 순아래\tbuilt-in
                3y\tsebeolsik-yetgeul\tSebeolsik Yetgeul\t세벌식 옛글\tbuilt-in
                ro\tromaja\tRomaja\t로마자\tbuilt-in
                ahn\tahnmatae\tAhnmatae\t안마태\tbuilt-in

                """)
    }

    @Test func aLastLineWithoutNewlineIsTyped() throws {
        let result = try Subprocess.run([], input: "rk\nsk")
        #expect(result.stdout == "가\n나\n")
    }
}
