import PropertyBased
import Testing

@testable import HangulConfig

/// The scanner that finds where keys are written: exact on TOML, and never stuck or out of bounds
/// on anything else.
@Suite struct TOMLScannerTests {
    @Test func keysAreFoundWithTheirLinesAndValues() {
        let text = """
            # layout = "x"
            "layout" = "3f"   # here
            toggle-keys = [
              "Hangul", # one
              'Shift+space',
            ]
            a.b = 1
            [table]
            output = "jamo"
            """
        let scanner = TOMLScanner(text)
        #expect(scanner.entries.map(\.name) == ["layout", "toggle-keys", "a", "table"])
        #expect(scanner.entries.map(\.line) == [2, 3, 7, 8])
        #expect(scanner.entry("toggle-keys")?.elementLines == [4, 5])
        guard let range = scanner.entry("layout")?.value else {
            Issue.record("layout has no value range")
            return
        }
        #expect(String(decoding: scanner.bytes[range], as: UTF8.self) == #""3f""#)
        #expect(scanner.entry("a")?.value == nil)
        #expect(scanner.entry("output") == nil)
        #expect(scanner.line(at: scanner.firstTableOffset ?? 0) == 8)
    }

    @Test func anythingIsScannedWithinBounds() async {
        let alphabet = Array(#"ab=.,[]{}"'\#n #\-1"#.utf8)
        let documents = Gen.int(in: 0...(alphabet.count - 1)).array(of: 0...60)
        await propertyCheck(count: 3000, input: documents) { indices in
            let text = String(decoding: indices.map { alphabet[$0] }, as: UTF8.self)
            let scanner = TOMLScanner(text)
            for entry in scanner.entries {
                if let value = entry.value { #expect(value.upperBound <= scanner.bytes.count, "\(text)") }
                #expect(entry.line >= 1)
            }
        }
    }
}
