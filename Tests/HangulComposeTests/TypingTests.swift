import HangulCompose
import HangulComposeCommands
import Testing

/// Typing key notation in process: inputs, formats, errors, and lines cut anywhere.
@Suite struct TypingTests {
    @Test func typesTheGreetingFromStandardInput() throws {
        let result = try InProcess.run([], input: "dkssudgktpdy\n")
        #expect(result.stdout == "안녕하세요\n")
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test func typesEachArgumentIntoAFreshField() throws {
        let result = try InProcess.run(["gksrmf", "dkssud<BackSpace>", "rk1sk"])
        #expect(result.stdout == "한글\n안녀\n가1나\n")
    }

    @Test func forwardedKeysEditTheTextLikeAnApplication() throws {
        let result = try InProcess.run(
            [],
            input:
                "rk<space>sk\nab<BackSpace><BackSpace><BackSpace>\n<Control+a>rk\nrk<Return>sk\n<Hangul>rk<Hangul>rk\n")
        #expect(result.stdout == "가 나\n\n가\n가나\nrk가\n")
    }

    @Test func aForwardedBackSpaceDeletesAWholeCharacterNotAByte() throws {
        let result = try InProcess.run(["rk.<BackSpace><BackSpace>", "<U20AC><BackSpace>sk"])
        #expect(result.stdout == "\n나\n")
    }

    @Test func anUnknownKeyNameIsReportedAndTheBatchGoesOn() throws {
        let result = try InProcess.run([], input: "rk\nrk<Foo>sk\nsk\n")
        #expect(result.stdout == "가\n\n나\n")
        #expect(result.stderr == "hangul-compose: line 2: unknown key name \"Foo\" at position 4\n")
        #expect(result.status == 1)
    }

    @Test func notationErrorsKeepTheirPositionsAfterOtherCharacters() throws {
        let result = try InProcess.run(["한rk<Control+Foo+a>", "rk<a", "a<b<c>", "<>", "가<Contrl+a>"])
        #expect(result.stdout == "\n\n\n\n\n")
        #expect(
            result.stderr == """
                hangul-compose: argument 1: unknown modifier "Foo" at position 13
                hangul-compose: argument 2: unterminated "<" at position 3 (type "<less>" for a literal "<")
                hangul-compose: argument 3: unterminated "<" at position 2 (type "<less>" for a literal "<")
                hangul-compose: argument 4: empty key name at position 2
                hangul-compose: argument 5: unknown modifier "Contrl" at position 3

                """)
    }

    @Test func invalidUTF8IsReportedWithItsBytePosition() throws {
        let input = Array("rk\n".utf8) + [0x72, 0x6B, 0xFF, 0x73] + Array("\nsk\n".utf8)
        let result = try InProcess.run([], input: input)
        #expect(result.stdout == "가\n\n나\n")
        #expect(result.stderr == "hangul-compose: line 2: not valid UTF-8 at byte 3\n")
        #expect(result.status == 1)
    }

    @Test(arguments: [
        ([0xE1, 0x84], 1), ([0x72, 0xED, 0xA0, 0x80], 2), ([0x72, 0xC0, 0x80], 2), ([0xEA, 0xB0, 0x80, 0x80], 4),
        ([0x72, 0x3C, 0xF5, 0x3E], 3),
    ])
    func invalidUTF8IsFoundWhereverItIs(bytes: [UInt8], byte: Int) throws {
        let result = try InProcess.run([], input: bytes + [0x0A])
        #expect(result.stdout == "\n")
        #expect(result.stderr == "hangul-compose: line 1: not valid UTF-8 at byte \(byte)\n")
    }

    @Test func invalidUTF8WinsOverAnEarlierNotationError() throws {
        let result = try InProcess.run([], input: Array("<Foo>rk".utf8) + [0xFF, 0x0A])
        #expect(result.stderr == "hangul-compose: line 1: not valid UTF-8 at byte 8\n")
    }

    @Test func anArgumentThatIsNotUTF8IsReported() throws {
        let result = try InProcess.run(["rk", "x"], rawArguments: [Array("rk".utf8), [0x72, 0x6B, 0xFF]])
        #expect(result.stdout == "가\n\n")
        #expect(result.stderr == "hangul-compose: argument 2: not valid UTF-8 at byte 3\n")
        #expect(result.status == 1)
    }

    @Test func traceShowsEveryKey() throws {
        let result = try InProcess.run(["--trace", "rks<BackSpace>1"])
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

    /// Word mode's trace has wider text columns: ten syllables before the next one starts.
    @Test func wordModeTraceShowsTheWordGrowingAndItsCommitAtTheSpace() throws {
        let result = try InProcess.run(["--option", "commit-unit=word", "--trace", "gksrmf<space>dk<BackSpace>"])
        #expect(
            result.stdout == """
                key             commit              preedit             handled
                g                                   ㅎ                  yes
                k                                   하                  yes
                s                                   한                  yes
                r                                   한ㄱ                yes
                m                                   한그                yes
                f                                   한글                yes
                <space>         한글                                    no
                d                                   ㅇ                  yes
                k                                   아                  yes
                <BackSpace>                         ㅇ                  yes
                → 한글 ㅇ


                """)
    }

    @Test func wordModeJSONCommitsTheWordAtPunctuation() throws {
        let result = try InProcess.run(["--option", "commit-unit=word", "--json", "dkssud."])
        #expect(
            result.stdout == """
                {"key":"d","commit":"","preedit":"ㅇ","handled":true}
                {"key":"k","commit":"","preedit":"아","handled":true}
                {"key":"s","commit":"","preedit":"안","handled":true}
                {"key":"s","commit":"","preedit":"안ㄴ","handled":true}
                {"key":"u","commit":"","preedit":"안녀","handled":true}
                {"key":"d","commit":"","preedit":"안녕","handled":true}
                {"key":".","commit":"안녕","preedit":"","handled":false}
                {"text":"안녕."}

                """)
    }

    /// The text is syllable mode's whatever the unit: only the moments of the commits differ.
    @Test func wordModeTypesTheSameTextAndBackSpaceReachesIntoTheWord() throws {
        let keys = ["gksrmf<space>dlqfur", "dkssud<BackSpace><BackSpace><BackSpace>tp", "rk<BackSpace>1"]
        let words = try InProcess.run(["--option", "commit-unit=word"] + keys)
        #expect(words.stdout == "한글 입력\n안세\nㄱ1\n")
        let syllables = try InProcess.run(["--option", "commit-unit=syllable"] + keys)
        #expect(syllables.stdout == "한글 입력\n안세\nㄱ1\n")
    }

    @Test func jsonIsOneObjectPerKeyThenTheText() throws {
        let result = try InProcess.run(["--json", "rk\"<Hangul>"])
        #expect(
            result.stdout == """
                {"key":"r","commit":"","preedit":"ㄱ","handled":true}
                {"key":"k","commit":"","preedit":"가","handled":true}
                {"key":"\\"","commit":"가","preedit":"","handled":false}
                {"key":"<Hangul>","commit":"","preedit":"","handled":true}
                {"text":"가\\""}

                """)
    }

    @Test func jsonNamesKeysInNormalizedNotation() throws {
        let result = try InProcess.run(["--json", "<shift+R><ctrl+a> \\"])
        #expect(
            result.stdout == """
                {"key":"R","commit":"","preedit":"ㄲ","handled":true}
                {"key":"<Control+a>","commit":"ㄲ","preedit":"","handled":false}
                {"key":"<space>","commit":"","preedit":"","handled":false}
                {"key":"\\\\","commit":"","preedit":"","handled":false}
                {"text":"ㄲ \\\\"}

                """)
    }

    /// The scanner's table holds printable ASCII only; a control character takes the slow path,
    /// which asks the notation parser, so it types what its key name types, on standard input and
    /// as an argument.
    @Test func aControlCharacterTypesWhatItsKeyNameTypes() throws {
        let named = try InProcess.run(["--json", "rk<Tab>sk<0x01000001>"])
        #expect(named.stdout.contains(#"{"key":"<Tab>","commit":"가","preedit":"","handled":false}"#))
        #expect(try InProcess.run(["--json", "rk\tsk\u{1}"]).stdout == named.stdout)
        #expect(try InProcess.run(["--json"], input: "rk\tsk\u{1}\n").stdout == named.stdout)
    }

    @Test func aBadLineTakesBackWhatItPrintedInEveryFormat() throws {
        let json = try InProcess.run(["--json"], input: "rk\nrksk<Foo>\n")
        #expect(
            json.stdout == "{\"key\":\"r\",\"commit\":\"\",\"preedit\":\"ㄱ\",\"handled\":true}\n"
                + "{\"key\":\"k\",\"commit\":\"\",\"preedit\":\"가\",\"handled\":true}\n{\"text\":\"가\"}\n{\"text\":\"\"}\n"
        )
        let trace = try InProcess.run(["--trace"], input: "rksk<Foo>\n")
        #expect(trace.stdout == "→ \n\n")
        #expect(trace.stderr == "hangul-compose: line 1: unknown key name \"Foo\" at position 6\n")
    }

    @Test func anEmptyLineIsAnEmptyFieldInEveryFormat() throws {
        #expect(try InProcess.run([], input: "\n").stdout == "\n")
        #expect(try InProcess.run(["--json"], input: "\n").stdout == "{\"text\":\"\"}\n")
        #expect(try InProcess.run(["--trace"], input: "\n").stdout == "key             commit  preedit handled\n→ \n\n")
    }

    @Test func optionsChangeComposition() throws {
        #expect(try InProcess.run(["--option", "extended-vowels=off", "rhkl"]).stdout == "과ㅣ\n")
        #expect(try InProcess.run(["rhkl"]).stdout == "괘\n")
        #expect(try InProcess.run(["--option", "auto-reorder", "kr"]).stdout == "가\n")
        #expect(try InProcess.run(["--output", "jamo", "gks"]).stdout == "\u{1112}\u{1161}\u{11AB}\n")
    }

    @Test func aLastLineWithoutNewlineIsTyped() throws {
        #expect(try InProcess.run([], input: "rk\nsk").stdout == "가\n나\n")
    }

    @Test func carriageReturnsBeforeNewlinesAreDroppedEvenAcrossBlocks() throws {
        for blockSize in [1, 2, 3, 64] {
            let result = try InProcess.run([], input: "rk\r\nsk\r\n\r\ngk\r", blockSize: blockSize)
            #expect(result.stdout == "가\n나\n\n하\n", "block size \(blockSize)")
        }
    }

    /// A key name read again is matched in place (the scanner's shortcut for `<BackSpace>`): it
    /// types the same key, counts the same positions for an error after it, and a name that only
    /// begins like the last one, or is cut short, is still read whole.
    @Test func aRepeatedKeyNameTypesAndCountsAsTheFirst() throws {
        let result = try InProcess.run([
            "rkk<BackSpace>sk<BackSpace><BackSpace>", "rk<BackSpace><BackSpace>x<Foo>", "r<BackSpace><BackSpaceX>",
            "rk<BackSpace><BackSpace", "<Return><Return>rk<Return>",
        ])
        #expect(result.stdout == "가\n\n\n\n가\n")
        #expect(
            result.stderr == """
                hangul-compose: argument 2: unknown key name "Foo" at position 27
                hangul-compose: argument 3: unknown key name "BackSpaceX" at position 14
                hangul-compose: argument 4: unterminated "<" at position 14 (type "<less>" for a literal "<")

                """)
    }

    /// Lines cut at every byte give what whole lines give: the scanner carries a half-read key
    /// name, a half-read character and a half-typed syllable across blocks.
    @Test func linesCutAnywhereTypeAsWholeLines() throws {
        let input = "gksrmf<space>dlqfur<BackSpace>\n한<Control+a>rk€<less>\nrk<Foo>\n" + "dkssud\n"
        for format in ["--text", "--trace", "--json"] {
            let whole = try InProcess.run([format], input: input)
            for blockSize in [1, 2, 5, 7] {
                let cut = try InProcess.run([format], input: input, blockSize: blockSize)
                #expect(cut.stdout == whole.stdout, "\(format), blocks of \(blockSize)")
                #expect(cut.stderr == whole.stderr)
            }
        }
    }

    /// A line far longer than a block is typed in batches; its result is the same as typing the
    /// keys a block at a time would give, and the output is written as it goes.
    @Test func aLongLineIsTypedInBatches() throws {
        let line = String(repeating: "dkssudgktpdy<space>", count: 5_000)
        let result = try InProcess.run([], input: line + "\n", blockSize: 1000)
        #expect(result.stdout == String(repeating: "안녕하세요 ", count: 5_000) + "\n")
        let json = try InProcess.run(["--json"], input: line + "\n", blockSize: 1000)
        #expect(json.stdout.hasSuffix("{\"text\":\"" + String(repeating: "안녕하세요 ", count: 5_000) + "\"}\n"))
        #expect(json.stdout.split(separator: "\n").count == 5_000 * 13 + 1)
    }

    /// A `--json` line that outgrows the held limit is written as it goes, so an error found after
    /// that can no longer take back the lines before it: they stay, and the line ends empty. (A
    /// shorter bad line was taken back whole above.)
    @Test func aLineBeyondTheHeldLimitIsStreamed() throws {
        let result = try InProcess.run(
            ["--json"], input: Array((String(repeating: "rk", count: 3000) + "<Foo>\nsk\n").utf8),
            outputThreshold: 256, heldLimit: 1024)
        let lines = result.stdout.split(separator: "\n")
        // Keys are typed in batches of 1,024: five batches were typed when the error was read.
        #expect(lines.count == 5 * 1024 + 1 + 3)
        #expect(lines[5 * 1024] == "{\"text\":\"\"}")
        #expect(lines.last == "{\"text\":\"나\"}")
        #expect(result.status == 1)
    }
}
