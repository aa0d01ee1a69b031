import HangulConfig
import HangulCore
import Testing

/// `hangulctl config set`: one value changes, every comment and blank line stays, and nothing the
/// parser would reject comes out.
@Suite struct ConfigEditorTests {
    static let path = "/home/u/.config/hangul/config.toml"

    static func set(_ key: SettingKey, _ value: String, in text: String) throws(ConfigError) -> String {
        try ConfigEditor.setting(key, to: value, in: text, source: path, layouts: .builtIn)
    }

    static func refusal(_ key: SettingKey, _ value: String, in text: String) -> String {
        do throws(ConfigError) {
            return "written: " + (try set(key, value, in: text))
        } catch {
            return error.description
        }
    }

    static let commented = """
        # My Hangul settings.
        layout = "2"      # 두벌식 for now

        # Keys that switch modes.
        toggle-keys = [
            "Hangul",     # the 한/영 key
            "Shift+space",
        ]
        auto-reorder = false
        """

    @Test func aValueIsReplacedWhereItIsWrittenKeepingItsComment() throws {
        #expect(
            try Self.set(.layout, "3f", in: Self.commented) == """
                # My Hangul settings.
                layout = "3f"      # 두벌식 for now

                # Keys that switch modes.
                toggle-keys = [
                    "Hangul",     # the 한/영 key
                    "Shift+space",
                ]
                auto-reorder = false
                """)
    }

    @Test func aValueSpanningLinesIsReplacedWhole() throws {
        #expect(
            try Self.set(.toggleKeys, "Hangul, Alt_R", in: Self.commented) == """
                # My Hangul settings.
                layout = "2"      # 두벌식 for now

                # Keys that switch modes.
                toggle-keys = ["Hangul", "Alt_R"]
                auto-reorder = false
                """)
    }

    @Test func aMissingKeyIsAddedAtTheEnd() throws {
        #expect(
            try Self.set(.commitUnit, "word", in: "# mine\nlayout = \"3f\"") == """
                # mine
                layout = "3f"
                commit-unit = "word"

                """)
        #expect(try Self.set(.startMode, "latin", in: "") == "start-mode = \"latin\"\n")
    }

    @Test(arguments: [
        (SettingKey.autoReorder, "on", "auto-reorder = true\n"),
        (.combiOnDoubleStroke, "TRUE", "combi-on-double-stroke = true\n"),
        (.nonChoseongCombi, "off", "non-choseong-combi = false\n"),
        (.extendedVowels, "false", "extended-vowels = false\n"),
        (.escapeToLatin, " true ", "escape-to-latin = true\n"),
        (.layout, "sebeolsik-final", "layout = \"sebeolsik-final\"\n"),
        (.layout, "'3f'", "layout = '3f'\n"),
        (.output, "jamo", "output = \"jamo\"\n"),
        (.toggleKeys, "", "toggle-keys = []\n"),
        (.toggleKeys, "ctrl+space,", "toggle-keys = [\"ctrl+space\"]\n"),
        (.toggleKeys, "[\"Hangul\"]", "toggle-keys = [\"Hangul\"]\n"),
        (.startMode, "\"latin\"", "start-mode = \"latin\"\n"),
        (.commitUnit, "syllable", "commit-unit = \"syllable\"\n"),
    ])
    func everyKeyTakesWhatAUserTypes(key: SettingKey, value: String, written: String) throws {
        let text = try Self.set(key, value, in: "")
        #expect(text == written)
        #expect(throws: Never.self) { try Settings.parse(text, source: Self.path, layouts: .builtIn) }
    }

    @Test func theNewValueIsCheckedBeforeTheFileIsTouched() {
        #expect(
            Self.refusal(.layout, "3x", in: Self.commented)
                == #"the new value: unknown layout "3x"; known: 2, 2y, 32, 39, 3f, 3s, 3y, 3sin-p2, 3sin-1995, ro, ahn (or a long id such as "sebeolsik-final")"#
        )
        #expect(
            Self.refusal(.autoReorder, "yes", in: "")
                == #"the new value: auto-reorder must be true or false (or on, off), not "yes""#)
        #expect(
            Self.refusal(.toggleKeys, "Hangul,Hyper+x", in: "")
                == #"the new value: toggle-keys[1] "Hyper+x" has an unknown modifier "Hyper"; modifiers are Shift, Control, Alt, Super, AltGr"#
        )
        #expect(
            Self.refusal(.output, "\"jamo\"\nlayout = \"3f\"", in: "")
                == "the new value: output must be written on one line")
    }

    @Test func aFileWithOtherProblemsIsNotWrittenAndTheyAreNamedWhereTheyAre() {
        let text = "layout = \"2\"\nauto_reorder = true\n"
        #expect(
            Self.refusal(.layout, "3f", in: text)
                == #"\#(Self.path):2: unknown key "auto_reorder"; did you mean "auto-reorder"? Keys are kebab-case"#)
        #expect(
            Self.refusal(.layout, "3f", in: "layout = \n")
                == "\(Self.path):1: not valid TOML: expected a value after =, found the end of the line (column 10)")
    }

    @Test func onlyTheProblemsTheEditLeavesAreReported() {
        let text = "toggle-keys = [\n  \"Hangl\",\n]\noutput = \"jam\"\n"
        #expect(
            Self.refusal(.toggleKeys, "Hangul", in: text)
                == #"\#(Self.path):4: output must be "syllables" or "jamo", not "jam""#)
    }

    @Test func settingTheValueThatWasWrongFixesTheFile() throws {
        let text = "layout = \"3x\"  # typo\nauto-reorder = true\n"
        #expect(try Self.set(.layout, "3f", in: text) == "layout = \"3f\"  # typo\nauto-reorder = true\n")
    }

    @Test func aKeyWrittenAsATableIsLeftToTheUser() {
        #expect(
            Self.refusal(.layout, "3f", in: "layout.x = 1\n")
                == "\(Self.path):1: layout is written as a table or dotted key here; change it by hand")
    }
}

/// `hangulctl config unset`: the key's definition goes, everything else stays.
@Suite struct ConfigEditorUnsetTests {
    static let path = "/home/u/.config/hangul/config.toml"

    static func unset(_ key: SettingKey, in text: String) throws(ConfigError) -> String {
        try ConfigEditor.removing(key, from: text, source: path, layouts: .builtIn)
    }

    @Test func aKeysLinesGoAndItsNeighboursStay() throws {
        #expect(
            try Self.unset(.toggleKeys, in: ConfigEditorTests.commented) == """
                # My Hangul settings.
                layout = "2"      # 두벌식 for now

                # Keys that switch modes.
                auto-reorder = false
                """)
        #expect(
            try Self.unset(.autoReorder, in: ConfigEditorTests.commented)
                == String(ConfigEditorTests.commented.dropLast("auto-reorder = false".count)))
        #expect(try Self.unset(.layout, in: "  layout = \"3f\"  # mine\noutput = \"jamo\"\n") == "output = \"jamo\"\n")
    }

    @Test func aKeyTheFileDoesNotSetLeavesItAsItIs() throws {
        #expect(try Self.unset(.commitUnit, in: ConfigEditorTests.commented) == ConfigEditorTests.commented)
    }

    @Test func removingTheKeyThatWasWrongFixesTheFile() throws {
        #expect(try Self.unset(.output, in: "output = \"jam\"\nlayout = \"3f\"\n") == "layout = \"3f\"\n")
        #expect(
            throws: ConfigError(
                problems: [
                    FileProblem(
                        source: Self.path, line: 2, reason: #"output must be "syllables" or "jamo", not "jam""#)
                ])
        ) { try Self.unset(.layout, in: "layout = \"3f\"\noutput = \"jam\"\n") }
    }
}
