import HangulCompose
import HangulComposeCommands
import Testing

/// The command line: formats as one flag, usage errors and what they list.
@Suite struct CommandLineTests {
    @Test func theFormatIsOneFlagWithThreeSpellings() throws {
        #expect(try InProcess.run(["--text", "rk"]).stdout == "가\n")
        #expect(try InProcess.run(["--json", "rk"]).stdout.hasSuffix("{\"text\":\"가\"}\n"))
        #expect(try InProcess.run(["--trace", "rk"]).stdout.hasSuffix("→ 가\n\n"))
    }

    @Test func twoFormatsCannotBeCombined() {
        #expect(
            InProcess.usageError(["--trace", "--json", "rk"])
                == "Value to be set with flag '--json' had already been set with flag '--trace'")
    }

    @Test func unknownLayoutListsTheKnownOnes() {
        #expect(
            InProcess.usageError(["--layout", "3x", "rk"])
                == "unknown layout \"3x\"; known: 2/dubeolsik, 2y/dubeolsik-yetgeul, 32/sebeolsik-dubeolsik, "
                + "39/sebeolsik-390, 3f/sebeolsik-final, 3s/sebeolsik-noshift, 3y/sebeolsik-yetgeul, "
                + "3sin-p2/sinsebeolsik-p2, 3sin-1995/sinsebeolsik-1995, ro/romaja, "
                + "ahn/ahnmatae")
    }

    @Test func unknownOptionListsTheKnownOnes() {
        #expect(
            InProcess.usageError(["--option", "fast", "rk"])
                == "unknown option \"fast\"; known: auto-reorder, combi-on-double-stroke, non-choseong-combi, "
                + "extended-vowels, commit-unit, auto-fix")
    }

    @Test func commitUnitTakesSyllableOrWord() {
        #expect(
            InProcess.usageError(["--option", "commit-unit=words", "rk"])
                == "option \"commit-unit\" takes syllable or word, as commit-unit=word, not \"words\"")
        #expect(
            InProcess.usageError(["--option", "commit-unit", "rk"])
                == "option \"commit-unit\" takes syllable or word, as commit-unit=word, not nothing")
    }

    @Test func conversionsTakeNoKeyFormatAndNoDaemon() {
        #expect(InProcess.usageError(["--reverse", "--fix"]) == "--reverse and --fix cannot be combined; choose one.")
        #expect(
            InProcess.usageError(["--fix", "--json"])
                == "--json shows typed keys; --reverse and --fix print text only, so leave it out.")
        #expect(
            InProcess.usageError(["--reverse", "--daemon"])
                == "--reverse and --fix work in this process; leave out --daemon.")
    }

    @Test func aDaemonThatCannotBeReachedIsReportedAsBefore() {
        #expect(
            InProcess.usageError(["--daemon", "--socket", "/nonexistent/hanguld.sock", "rk"])
                == "cannot connect to hanguld at /nonexistent/hanguld.sock: No such file or directory; is the daemon "
                + "running (hanguld, or systemctl --user start hanguld.socket)?")
    }

    @Test func listLayoutsPrintsIdLongIdNamesAndSource() throws {
        #expect(
            try InProcess.run(["--list-layouts"]).stdout == """
                2\tdubeolsik\tDubeolsik\t두벌식\tbuilt-in
                2y\tdubeolsik-yetgeul\tDubeolsik Yetgeul\t두벌식 옛글\tbuilt-in
                32\tsebeolsik-dubeolsik\tSebeolsik Dubeol Layout\t세벌식 두벌자판\tbuilt-in
                39\tsebeolsik-390\tSebeolsik 390\t세벌식 390\tbuilt-in
                3f\tsebeolsik-final\tSebeolsik Final\t세벌식 최종\tbuilt-in
                3s\tsebeolsik-noshift\tSebeolsik Noshift\t세벌식 순아래\tbuilt-in
                3y\tsebeolsik-yetgeul\tSebeolsik Yetgeul\t세벌식 옛글\tbuilt-in
                3sin-p2\tsinsebeolsik-p2\tSin-sebeolsik P2\t신세벌식 P2\tbuilt-in
                3sin-1995\tsinsebeolsik-1995\tSin-sebeolsik 1995\t신세벌식 1995\tbuilt-in
                ro\tromaja\tRomaja\t로마자\tbuilt-in
                ahn\tahnmatae\tAhnmatae\t안마태\tbuilt-in

                """)
    }
}
