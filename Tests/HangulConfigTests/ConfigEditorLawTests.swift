import HangulConfig
import HangulCore
import PropertyBased
import Testing

/// Laws of `config set` over generated files: whatever the file's layout (comments, blank lines,
/// trailing comments, literal strings, lists over several lines) and whichever key is set, the
/// result is accepted, changes exactly that key, and keeps every comment; unsetting it again
/// gives the key its default and changes nothing else.
@Suite struct ConfigEditorLawTests {
    /// Each key written in a few ways, each giving the value in ``values``'s same position.
    static let writings: [(SettingKey, [String])] = [
        (.layout, [#"layout = "3f""#, "layout = 'sebeolsik-final'  # 최종", #"layout="ro""#]),
        (.autoReorder, ["auto-reorder = true", "auto-reorder=true # 모아치기"]),
        (.combiOnDoubleStroke, ["combi-on-double-stroke = true"]),
        (.nonChoseongCombi, ["non-choseong-combi = false  # no"]),
        (.extendedVowels, ["\"extended-vowels\" = false"]),
        (.output, [#"output = "jamo""#, "output = 'jamo' # # not a key = here"]),
        (
            .toggleKeys,
            [
                #"toggle-keys = ["Alt_R"]"#, "toggle-keys = [\n  \"Alt_R\",  # right Alt\n  # c99\n]",
                "toggle-keys = [ # none\n]",
            ]
        ),
        (.escapeToLatin, ["escape-to-latin = true"]),
        (.startMode, [#"start-mode = "latin""#, "start-mode = \"\"\"latin\"\"\""]),
        (.commitUnit, [#"commit-unit = "word"  # 어절"#]),
    ]

    /// What `hangulctl config set` is given for each key, and the value it must then have.
    static let newValues: [SettingKey: (typed: String, plain: String)] = [
        .layout: ("32", "32"), .autoReorder: ("off", "false"), .combiOnDoubleStroke: ("false", "false"),
        .nonChoseongCombi: ("on", "true"), .extendedVowels: ("true", "true"), .output: ("syllables", "syllables"),
        .toggleKeys: ("Hangul, Control+space", "Hangul,Control+space"), .escapeToLatin: ("off", "false"),
        .startMode: ("hangul", "hangul"), .commitUnit: ("syllable", "syllable"),
    ]

    @Test func settingAKeyChangesOnlyThatKeyAndKeepsEveryComment() async {
        let picks = Gen.int(in: 0...999).array(of: 0...10)
        await propertyCheck(count: 500, input: picks, Gen.int(in: 0...9)) { values, target in
            var text = ""
            var used: Set<String> = []
            for (index, value) in values.enumerated() {
                let (key, forms) = Self.writings[value % Self.writings.count]
                if value % 3 == 0 { text += "# c\(index)\n" }
                if value % 5 == 0 { text += "\n" }
                guard !used.contains(key.rawValue) else { continue }
                used.insert(key.rawValue)
                text += forms[(value / 10) % forms.count] + "\n"
            }
            let key = SettingKey.allCases[target]
            guard let change = Self.newValues[key] else { return }
            let before: Settings
            let after: Settings
            let edited: String
            do {
                before = try Settings.parse(text, source: "config.toml", layouts: .builtIn)
                edited = try ConfigEditor.setting(
                    key, to: change.typed, in: text, source: "config.toml", layouts: .builtIn)
                after = try Settings.parse(edited, source: "config.toml", layouts: .builtIn)
            } catch {
                Issue.record("\(error) for\n\(text)")
                return
            }
            #expect(after.plainValue(of: key) == change.plain, "\(edited)")
            for other in SettingKey.allCases where other != key {
                #expect(after.plainValue(of: other) == before.plainValue(of: other), "\(other) in\n\(edited)")
            }
            let comments = text.split(separator: "\n").filter { $0.hasPrefix("# c") }
            let kept = Set(edited.split(separator: "\n"))
            #expect(comments.allSatisfy { kept.contains($0) }, "\(edited)")

            let removed: Settings
            do {
                let unset = try ConfigEditor.removing(key, from: edited, source: "config.toml", layouts: .builtIn)
                removed = try Settings.parse(unset, source: "config.toml", layouts: .builtIn)
                #expect(comments.allSatisfy { Set(unset.split(separator: "\n")).contains($0) }, "\(unset)")
            } catch {
                Issue.record("unset: \(error) for\n\(edited)")
                return
            }
            #expect(removed.plainValue(of: key) == Settings().plainValue(of: key))
            for other in SettingKey.allCases where other != key {
                #expect(removed.plainValue(of: other) == before.plainValue(of: other), "\(other)")
            }
        }
    }
}
