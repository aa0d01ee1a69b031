import HangulConfig
import HangulCore
import HangulProtocol
import Testing

/// `hangulctl config list`: the option table as text, or as `list_options`' result.
@Suite struct ConfigListTests {
    @Test func theJSONListIsExactlyTheResultOfListOptions() {
        var writer = JSONWriter()
        OptionListResult(layouts: .builtIn).write(to: &writer)
        #expect(
            ConfigTool(layouts: .builtIn).list(json: true).output == String(decoding: writer.bytes, as: UTF8.self)
                + "\n")
    }

    @Test func theTextListNamesEveryKeyWithItsDefaultAndValues() {
        let text = ConfigTool(layouts: .builtIn).list().output
        #expect(text.hasPrefix("layout (layout), default \"2\"\n    The keyboard layout Hangul is typed with\n"))
        #expect(text.contains("    values: 2 (Dubeolsik, 두벌식), 2y (Dubeolsik Yetgeul, 두벌식 옛글),"))
        #expect(text.contains("start-mode (choice, daemon-wide), default \"hangul\"\n"))
        #expect(text.contains("toggle-keys (keys), default [\"Hangul\",\"Shift+space\"]\n"))
        for key in SettingKey.allCases { #expect(text.contains("\n\(key.rawValue) (") || key == .layout) }
    }
}
