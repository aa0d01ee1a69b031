import HangulFrontendContract
import HangulProtocol
import Testing

/// How a candidate window reads a page (CandidatePage+Window.swift). What the contract does with the
/// window is in the shared case table (CaseTable.swift).
@Suite struct CandidateWindowContractTests {
    private let page = CandidatePage(
        items: [.init(value: "韓", meaning: "나라 이름 한"), .init(value: "漢", meaning: "한수 한")], start: 0, highlight: 0,
        total: 2)

    @Test func aClickMapsTheRowToTheWholeListAndRefusesRowsPastThePage() {
        let second = CandidatePage(items: [.init(value: "佳"), .init(value: "嘉")], start: 9, highlight: 10, total: 11)
        #expect(second.listIndex(ofRow: 1) == 10)
        #expect(second.listIndex(ofRow: 2) == nil)
        #expect(second.listIndex(ofRow: -1) == nil)
        #expect(second.cursorInPage == 1)
    }

    @Test func aHighlightOffThePageIsClampedToIt() {
        let page = CandidatePage(items: [.init(value: "佳"), .init(value: "嘉")], start: 9, highlight: 30, total: 11)
        #expect(page.cursorInPage == 1)
        #expect(CandidatePage(items: [], start: 0, highlight: 3, total: 0).cursorInPage == 0)
    }

    @Test func aListLongerThanItsPageSaysWhereTheHighlightIs() {
        let second = CandidatePage(items: [.init(value: "佳"), .init(value: "嘉")], start: 9, highlight: 10, total: 11)
        #expect(second.position == "11 / 11")
        #expect(page.position == nil)
    }
}
