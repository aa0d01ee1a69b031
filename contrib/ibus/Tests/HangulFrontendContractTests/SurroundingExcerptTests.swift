import HangulFrontendContract
import Testing

@Suite struct SurroundingExcerptTests {
    @Test func textBeforeTheCursorFromTheStartOfItsLine() {
        let excerpt = SurroundingExcerpt(text: "첫 줄\n우리 대한민국 만세", cursor: 11, anchor: 11, keep: 32)
        #expect(excerpt == SurroundingExcerpt(beforeCursor: "우리 대한민국"))
    }

    @Test func onlyTheLastCharactersTheDaemonKeeps() {
        let text = String(repeating: "가", count: 40) + "대한"
        let excerpt = SurroundingExcerpt(text: text, cursor: 42, anchor: 42, keep: 32)
        #expect(excerpt.beforeCursor == String(repeating: "가", count: 30) + "대한")
        #expect(excerpt.selection == "")
    }

    @Test func aSelectionIsSentAloneInEitherDirection() {
        let forward = SurroundingExcerpt(text: "우리 대한민국", cursor: 7, anchor: 3, keep: 32)
        let backward = SurroundingExcerpt(text: "우리 대한민국", cursor: 3, anchor: 7, keep: 32)
        #expect(forward == SurroundingExcerpt(selection: "대한민국"))
        #expect(backward == forward)
    }

    @Test func aSelectionOverTheProtocolsBoundIsNotSent() {
        let text = String(repeating: "가", count: 1366)
        #expect(SurroundingExcerpt(text: text, cursor: 1366, anchor: 0, keep: 32) == SurroundingExcerpt())
        #expect(SurroundingExcerpt(text: text, cursor: 1365, anchor: 0, keep: 32).selection.utf8.count == 4095)
    }

    @Test func offsetsPastTheEndSendNothing() {
        #expect(SurroundingExcerpt(text: "대한", cursor: 3, anchor: 3, keep: 32) == SurroundingExcerpt())
        #expect(SurroundingExcerpt(text: "대한", cursor: 2, anchor: 5, keep: 32) == SurroundingExcerpt())
    }

    @Test func offsetsCountUnicodeScalarsAsIBusDoes() {
        let excerpt = SurroundingExcerpt(text: "e\u{301}대한", cursor: 4, anchor: 4, keep: 2)
        #expect(excerpt.beforeCursor == "대한")
    }
}
