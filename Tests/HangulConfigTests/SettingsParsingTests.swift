import HangulConfig
import HangulCore
import HangulKeys
import Testing

/// Reading `config.toml`: every key, every class of error, each with its file and line.
@Suite struct SettingsParsingTests {
    static let path = "/home/u/.config/hangul/config.toml"

    static func parse(_ text: String, layouts: LayoutCatalog = .builtIn) throws(ConfigError) -> Settings {
        try Settings.parse(text, source: path, layouts: layouts)
    }

    /// The problems a text is rejected with, one `file:line: reason` per line.
    static func problems(_ text: String, layouts: LayoutCatalog = .builtIn) -> String {
        do throws(ConfigError) {
            _ = try parse(text, layouts: layouts)
            return "accepted"
        } catch {
            return error.description
        }
    }

    @Test func anEmptyFileGivesTheProtocolsDefaults() throws {
        let settings = try Self.parse("# nothing here yet\n\n")
        #expect(settings == Settings())
        #expect(settings[.layout] == "2")
        #expect(settings[.autoReorder] == false && settings[.combiOnDoubleStroke] == false)
        #expect(settings[.nonChoseongCombi] == true && settings[.extendedVowels] == true)
        #expect(settings[.output] == "syllables")
        #expect(settings[.toggleKeys] == [KeyChord(keysym: .hangul), KeyChord(keysym: .space, modifiers: .shift)])
        #expect(settings[.escapeToLatin] == false)
        #expect(settings.startMode == .hangul)
        #expect(settings.commitUnit == .syllable)
    }

    @Test func everyKeyIsRead() throws {
        let settings = try Self.parse(
            """
            layout = "3f"
            auto-reorder = true
            combi-on-double-stroke = true
            non-choseong-combi = false
            extended-vowels = false
            output = "jamo"
            toggle-keys = ["Alt_R", "ctrl+Shift+space", "AltGr+Super+Hangul"]
            escape-to-latin = true
            hanja-keys = ["shift+space", "Hangul_Hanja"]
            start-mode = "latin"
            commit-unit = "word"
            """)
        #expect(settings[.layout] == "3f")
        #expect(settings[.autoReorder] == true && settings[.combiOnDoubleStroke] == true)
        #expect(settings[.nonChoseongCombi] == false && settings[.extendedVowels] == false)
        #expect(settings[.output] == "jamo")
        guard let altR = Keysym(exactName: "Alt_R") else {
            Issue.record("xkbcommon knows no Alt_R")
            return
        }
        #expect(
            settings[.toggleKeys] == [
                KeyChord(keysym: altR), KeyChord(keysym: .space, modifiers: [.shift, .control]),
                KeyChord(keysym: .hangul, modifiers: [.mod4, .mod5]),
            ])
        #expect(settings[.escapeToLatin] == true)
        #expect(settings[.hanjaKeys] == [KeyChord(keysym: .space, modifiers: .shift), KeyChord(keysym: .hangulHanja)])
        #expect(settings.startMode == .latin)
        #expect(settings.commitUnit == .word)
        #expect(
            settings.tomlLines == """
                layout = "3f"
                auto-reorder = true
                combi-on-double-stroke = true
                non-choseong-combi = false
                extended-vowels = false
                output = "jamo"
                toggle-keys = ["Alt_R", "Shift+Control+space", "Super+AltGr+Hangul"]
                escape-to-latin = true
                hanja-keys = ["Shift+space", "Hangul_Hanja"]
                start-mode = "latin"
                commit-unit = "word"
                hangul-keys = []
                latin-keys = []
                mode-scope = "global"
                fix-keys = ["Shift+Hangul", "Pause"]
                auto-fix = false

                """)
    }

    @Test func aLayoutAliasIsStoredAsItsID() throws {
        #expect(try Self.parse(#"layout = "sebeolsik-final""#)[.layout] == "3f")
    }

    @Test func anEmptyToggleKeyListDisablesToggleKeys() throws {
        #expect(try Self.parse("toggle-keys = []")[.toggleKeys] == [])
    }

    @Test func aUserLayoutInTheCatalogIsAccepted() throws {
        var catalog = LayoutCatalog.builtIn
        try catalog.add(
            try LayoutFile.parse("id home-row\nname Home Row\nkind jaso\nkey a initial ㅎ\n", source: "home-row.layout"),
            from: .file("/home/u/.config/hangul/layouts/home-row.layout"))
        #expect(try Self.parse(#"layout = "home-row""#, layouts: catalog)[.layout] == "home-row")
        #expect(
            Self.problems(#"layout = "home-row""#)
                == #"\#(Self.path):1: unknown layout "home-row"; known: 2, 2y, 32, 39, 3f, 3s, 3y, 3sin-p2, 3sin-1995, ro, ahn (or a long id such as "sebeolsik-final")"#
        )
    }

    @Test func invalidTOMLIsReportedWithItsLineAndColumn() {
        #expect(
            Self.problems("layout = \"2\"\nauto-reorder = \n")
                == "\(Self.path):2: not valid TOML: expected a value after =, found the end of the line (column 16)")
    }

    @Test func aDateATimeOrAnInlineTableIsRefusedWithItsLine() {
        #expect(
            Self.problems("# settings\nstart-mode = 2026-11-24\n")
                == #"\#(Self.path):2: "start-mode" is a date; a settings file has no dates or times (a value in quotes is a string)"#
        )
        #expect(
            Self.problems("# settings\ncommit-unit = 12:00:00\n")
                == #"\#(Self.path):2: "commit-unit" is a time; a settings file has no dates or times (a value in quotes is a string)"#
        )
        #expect(
            Self.problems("# settings\nescape-to-latin = {on = true}\n")
                == #"\#(Self.path):2: "escape-to-latin" is an inline table; a settings file has no tables: write each setting as a key of its own"#
        )
    }

    @Test func aByteOrderMarkAndCRLFLineEndsAreRead() throws {
        let settings = try Self.parse("\u{FEFF}layout = \"3f\"\r\ntoggle-keys = [\r\n  \"Hangul\",\r\n]\r\n")
        #expect(settings[.layout] == "3f")
        #expect(settings[.toggleKeys] == [KeyChord(keysym: .hangul)])
        #expect(
            Self.problems("\u{FEFF}layout = \"3f\"\r\noutput = \"x\"\r\n")
                == #"\#(Self.path):2: output must be "syllables" or "jamo", not "x""#)
    }

    @Test func aNULByteIsRejected() {
        #expect(
            Self.problems("layout = \"2\"\n\u{0}\n")
                == "\(Self.path):2: contains a NUL byte; a settings file is plain text")
    }

    @Test func anUnknownKeyListsTheKnownOnes() {
        #expect(
            Self.problems("\n\nlayuot = \"3f\"")
                == #"\#(Self.path):3: unknown key "layuot"; known keys: layout, auto-reorder, combi-on-double-stroke, non-choseong-combi, extended-vowels, output, toggle-keys, escape-to-latin, hanja-keys, start-mode, commit-unit, hangul-keys, latin-keys, mode-scope, fix-keys, auto-fix"#
        )
    }

    @Test func aSnakeCaseKeyIsPointedToItsKebabCaseName() {
        #expect(
            Self.problems("auto_reorder = true")
                == #"\#(Self.path):1: unknown key "auto_reorder"; did you mean "auto-reorder"? Keys are kebab-case"#)
    }

    @Test func aTableIsRejectedWithItsHeadersLine() {
        #expect(
            Self.problems("layout = \"2\"\n\n[hangul]\nlayout = \"3f\"\n")
                == #"\#(Self.path):3: unknown table "hangul": settings are top-level keys; known keys: layout, auto-reorder, combi-on-double-stroke, non-choseong-combi, extended-vowels, output, toggle-keys, escape-to-latin, hanja-keys, start-mode, commit-unit, hangul-keys, latin-keys, mode-scope, fix-keys, auto-fix"#
        )
    }

    @Test func aDottedKeyIsRejectedAsATable() {
        #expect(
            Self.problems("hangul.layout = \"3f\"")
                == #"\#(Self.path):1: unknown table "hangul": settings are top-level keys; known keys: layout, auto-reorder, combi-on-double-stroke, non-choseong-combi, extended-vowels, output, toggle-keys, escape-to-latin, hanja-keys, start-mode, commit-unit, hangul-keys, latin-keys, mode-scope, fix-keys, auto-fix"#
        )
    }

    @Test func hanjaKeysAreReadLikeToggleKeys() throws {
        #expect(
            try Self.parse(#"hanja-keys = ["Control+Return", "Hangul_Hanja"]"#)[.hanjaKeys] == [
                KeyChord(keysym: .return, modifiers: .control), KeyChord(keysym: .hangulHanja),
            ])
        #expect(try Self.parse("hanja-keys = []")[.hanjaKeys] == [])
        #expect(try Self.parse("")[.hanjaKeys] == [KeyChord(keysym: .hangulHanja), KeyChord(keysym: .f9)])
    }

    @Test func aBadHanjaKeyIsNamedWithItsLineAndTheListsOwnExample() {
        #expect(
            Self.problems(
                """
                layout = "2"
                hanja-keys = [
                  "F9",
                  "F99",
                ]
                """)
                == #"\#(Self.path):4: hanja-keys[1] "F99": "F99" is not an X11 keysym name; names are spelled as xkbcommon spells them, case mattering, such as Hangul, space, Alt_R"#
        )
        #expect(
            Self.problems(#"hanja-keys = "F9""#)
                == #"\#(Self.path):1: hanja-keys must be an array of key names such as ["Hangul_Hanja", "F9"], not the string "F9""#
        )
    }

    @Test(arguments: [
        ("auto-reorder = 1", "auto-reorder must be true or false, not the integer 1"),
        (#"combi-on-double-stroke = "yes""#, #"combi-on-double-stroke must be true or false, not the string "yes""#),
        ("non-choseong-combi = 1.5", "non-choseong-combi must be true or false, not the number 1.5"),
        ("extended-vowels = [true]", "extended-vowels must be true or false, not an array"),
        ("layout = 3", #"layout must be a string naming a layout, such as "3f", not the integer 3"#),
        ("output = true", #"output must be "syllables" or "jamo", not true"#),
        (
            #"toggle-keys = "Hangul""#,
            #"toggle-keys must be an array of key names such as ["Hangul", "Shift+space"], not the string "Hangul""#
        ),
    ])
    func aValueOfTheWrongTypeNamesTheTypeExpected(line: String, reason: String) {
        #expect(Self.problems("# settings\n" + line + "\n") == "\(Self.path):2: \(reason)")
    }

    @Test(arguments: [
        (#"output = "syllable""#, #"output must be "syllables" or "jamo", not "syllable""#),
        (#"start-mode = "Hangul""#, #"start-mode must be "hangul" or "latin", not "Hangul""#),
        (#"commit-unit = "words""#, #"commit-unit must be "syllable" or "word", not "words""#),
        (
            #"layout = "3x""#,
            #"unknown layout "3x"; known: 2, 2y, 32, 39, 3f, 3s, 3y, 3sin-p2, 3sin-1995, ro, ahn (or a long id such as "sebeolsik-final")"#
        ),
        (
            #"layout = "a very long layout name that goes on and on""#,
            #"unknown layout "a very long layout name that goe…"; known: 2, 2y, 32, 39, 3f, 3s, 3y, 3sin-p2, 3sin-1995, ro, ahn (or a long id such as "sebeolsik-final")"#
        ),
    ])
    func aValueNotAcceptedListsTheAcceptedOnes(line: String, reason: String) {
        #expect(Self.problems(line) == "\(Self.path):1: \(reason)")
    }

    @Test func aBadToggleKeyIsReportedOnItsOwnLine() {
        let text = """
            toggle-keys = [
                "Hangul",   # the 한/영 key
                "Hyper+x",
                "Shift+",
                "Shift+spce",
                7,
            ]
            """
        #expect(
            Self.problems(text) == """
                \(Self.path):3: toggle-keys[1] "Hyper+x" has an unknown modifier "Hyper"; modifiers are Shift, Control, Alt, Super, AltGr
                \(Self.path):4: toggle-keys[2] "Shift+" has no key name after its modifiers
                \(Self.path):5: toggle-keys[3] "Shift+spce": "spce" is not an X11 keysym name; names are spelled as xkbcommon spells them, case mattering, such as Hangul, space, Alt_R
                \(Self.path):6: toggle-keys[4] must be a key name such as "Shift+space", not the integer 7
                """)
    }

    @Test func keysymNamesAreCaseSensitiveAsOnTheWire() {
        #expect(
            Self.problems(#"toggle-keys = ["hangul"]"#)
                == #"\#(Self.path):1: toggle-keys[0] "hangul": "hangul" is not an X11 keysym name; names are spelled as xkbcommon spells them, case mattering, such as Hangul, space, Alt_R"#
        )
    }

    @Test func moreThanSixteenToggleKeysAreRefused() {
        let keys = (1...17).map { "\"F\($0)\"" }.joined(separator: ", ")
        #expect(
            Self.problems("toggle-keys = [\(keys)]")
                == "\(Self.path):1: toggle-keys lists 17 keys; at most 16 are allowed")
        #expect(
            (try? Self.parse("toggle-keys = [\((1...16).map { "\"F\($0)\"" }.joined(separator: ", "))]"))?[.toggleKeys]
                .keys?.count == 16)
    }

    @Test func everyProblemIsReportedInLineOrder() {
        let text = """
            start-mode = "vim"
            layout = "3x"
            # a comment with layout = "2" in it
            auto-reorder = "on"
            """
        #expect(
            Self.problems(text) == """
                \(Self.path):1: start-mode must be "hangul" or "latin", not "vim"
                \(Self.path):2: unknown layout "3x"; known: 2, 2y, 32, 39, 3f, 3s, 3y, 3sin-p2, 3sin-1995, ro, ahn (or a long id such as "sebeolsik-final")
                \(Self.path):4: auto-reorder must be true or false, not the string "on"
                """)
    }

    @Test func keysInsideStringsAndCommentsAreNotMistakenForDefinitions() {
        let text = """
            # output = "x"
            commit-unit = \"\"\"
            output = "y"
            \"\"\"
            output = 'jamo'  # 'output = 1'
            layout = "2"
            """
        #expect(
            Self.problems(text) == """
                \(Self.path):2: commit-unit must be "syllable" or "word", not "output = \\"y\\"\\n"
                """)
        #expect((try? Self.parse("output = 'jamo'  # a literal string"))?[.output] == "jamo")
    }

    @Test func aRejectedFileChangesNothingForTheCaller() {
        let previous = (try? Self.parse(#"layout = "3f""#)) ?? Settings()
        var current = previous
        do throws(ConfigError) {
            current = try Self.parse("layout = \"ro\"\nauto-reorder = 1\n")
        } catch {
            #expect(error.problems.count == 1)
        }
        #expect(current == previous)
        #expect(current[.layout] == "3f")
    }
}

/// The JSON form: the protocol's options object, byte for byte, then the two session keys.
@Suite struct SettingsJSONTests {
    @Test func theDefaultsAreTheProtocolsDefaultOptions() {
        #expect(
            Settings().json
                == #"{"layout":"2","auto-reorder":false,"combi-on-double-stroke":false,"non-choseong-combi":true,"extended-vowels":true,"output":"syllables","toggle-keys":["Hangul","Shift+space"],"escape-to-latin":false,"hanja-keys":["Hangul_Hanja","F9"],"commit-unit":"syllable","hangul-keys":[],"latin-keys":[],"fix-keys":["Shift+Hangul","Pause"],"auto-fix":false,"start-mode":"hangul","mode-scope":"global"}"#
        )
    }

    @Test func everyValueIsWritten() throws {
        let settings = try Settings.parse(
            """
            layout = "sebeolsik-final"
            auto-reorder = true
            combi-on-double-stroke = true
            non-choseong-combi = false
            extended-vowels = false
            output = "jamo"
            toggle-keys = ["ctrl+space"]
            escape-to-latin = true
            hanja-keys = ["F9"]
            start-mode = "latin"
            commit-unit = "word"
            """, source: "config.toml", layouts: .builtIn)
        #expect(
            settings.json
                == #"{"layout":"3f","auto-reorder":true,"combi-on-double-stroke":true,"non-choseong-combi":false,"extended-vowels":false,"output":"jamo","toggle-keys":["Control+space"],"escape-to-latin":true,"hanja-keys":["F9"],"commit-unit":"word","hangul-keys":[],"latin-keys":[],"fix-keys":["Shift+Hangul","Pause"],"auto-fix":false,"start-mode":"latin","mode-scope":"global"}"#
        )
    }
}
