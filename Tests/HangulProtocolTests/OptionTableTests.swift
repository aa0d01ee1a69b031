import HangulCore
import HangulKeys
import Testing

@testable import HangulProtocol

/// The option table (issue 24): every list of options is derived from it, and `list_options`
/// describes it.
@Suite struct OptionTableTests {
    @Test(arguments: OptionKey.allCases)
    func everyDefaultIsOfItsOptionsKind(key: OptionKey) {
        #expect(key.defaultValue.fits(key.kind))
        if case .choice(let choices) = key.kind, let word = key.defaultValue.word {
            #expect(choices.map(\.word).contains(word))
        }
    }

    @Test(arguments: OptionKey.allCases)
    func everyOptionHasAnEnglishAndAKoreanLine(key: OptionKey) {
        #expect(!key.summary.english.isEmpty)
        #expect(key.summary.korean.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) })
    }

    @Test func aFreshContextHasTheTablesDefaults() {
        let context = InputContext()
        for key in OptionKey.perSession { #expect(key.value(in: context) == key.defaultValue, "\(key)") }
        #expect(SessionOptions(context) == SessionOptions())
    }

    @Test func settingAValueOnTheContextReadsItBack() {
        var context = InputContext()
        let values: [OptionKey: OptionValue] = [
            .layout: "3f", .autoReorder: true, .output: "jamo", .toggleKeys: [KeyChord(keysym: .f9)],
            .escapeToLatin: true, .hanjaKeys: [], .commitUnit: "word",
        ]
        for (key, value) in values {
            key.set(value, on: &context) { LayoutCatalog.builtIn.layout(named: $0) }
            #expect(key.value(in: context) == value, "\(key)")
        }
    }

    @Test func theWireListsThePerSessionKeysInTableOrder() {
        #expect(SessionOptions.names == OptionKey.allCases.filter(\.isPerSession).map(\.rawValue))
        #expect(!SessionOptions.names.contains("start-mode"))
    }

    @Test func listOptionsDescribesEveryKeyWithTheCatalogsLayouts() throws {
        let list = OptionListResult(layouts: .builtIn)
        #expect(list.entries.map(\.name) == OptionKey.allCases.map(\.rawValue))
        let layout = try #require(list.entries.first)
        #expect(layout.type == "layout" && layout.scope == "session" && layout.defaultValue == .string("2"))
        #expect(layout.values.map(\.word) == LayoutCatalog.builtIn.ids)
        #expect(layout.values.first == OptionChoice("2", "Dubeolsik", "두벌식"))
        let startMode = try #require(list.entries.first { $0.name == "start-mode" })
        #expect(startMode.scope == "daemon" && startMode.type == "choice")
        let toggle = try #require(list.entries.first { $0.name == "toggle-keys" })
        #expect(toggle.defaultValue == .array([.string("Hangul"), .string("Shift+space")]) && toggle.values.isEmpty)
    }

    @Test func listOptionsReadsBackAsWritten() throws {
        let list = OptionListResult(layouts: .builtIn)
        var writer = JSONWriter()
        list.write(to: &writer)
        let parsed = try JSONParser.parse(writer.bytes)
        #expect(try OptionListResult(parsing: parsed) == list)
    }
}
