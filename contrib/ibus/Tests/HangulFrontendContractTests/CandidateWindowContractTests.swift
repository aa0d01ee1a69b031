import HangulFrontendContract
import HangulProtocol
import Testing

@Suite struct CandidateWindowContractTests {
    private let page = CandidatePage(
        items: [.init(value: "韓", meaning: "나라 이름 한"), .init(value: "漢", meaning: "한수 한")], start: 0, highlight: 0,
        total: 2)

    @Test func openListShowsTheWindowAfterThePreedit() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한"))
        let outputs = contract.apply(reply(handled: true, preedit: "한", candidates: .open(page)))
        #expect(outputs == [.showCandidates(page)])
        #expect(contract.shownCandidates == page)
    }

    @Test func theSamePageAgainSendsNothing() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한", candidates: .open(page)))
        #expect(contract.apply(reply(handled: true, preedit: "한", candidates: .open(page))).isEmpty)
        var moved = page
        moved.highlight = 1
        #expect(
            contract.apply(reply(handled: true, preedit: "한", candidates: .open(moved))) == [
                .showCandidates(moved)
            ])
    }

    @Test func aPickRemovesThePreeditCommitsThenHidesTheWindow() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한", candidates: .open(page)))
        let outputs = contract.apply(reply(handled: true, commit: "韓", candidates: .closed))
        #expect(outputs == [.preedit(""), .commit("韓"), .hideCandidates])
        #expect(contract.shownCandidates == nil)
    }

    @Test func aPickOfTextBeforeTheCursorDeletesItBeforeTheCommit() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, candidates: .open(page)))
        let outputs = contract.apply(reply(handled: true, commit: "大韓民國", deleteBefore: 4, candidates: .closed))
        #expect(outputs == [.deleteBefore(4), .commit("大韓民國"), .hideCandidates])
    }

    @Test func closedWithoutAWindowSendsNothing() {
        var contract = FrontendContract()
        #expect(contract.apply(reply(handled: true, candidates: .closed)).isEmpty)
    }

    @Test func failOpenCommitsThePreeditAndHidesTheWindow() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한", candidates: .open(page)))
        #expect(contract.failOpen() == [.preedit(""), .commit("한"), .hideCandidates])
        #expect(contract.failOpen().isEmpty)
    }

    @Test func hidingTheWindowOnFocusOutHappensOnce() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한", candidates: .open(page)))
        contract.forgetPreedit()
        #expect(contract.hideCandidates() == [.hideCandidates])
        #expect(contract.hideCandidates().isEmpty)
        #expect(contract.failOpen().isEmpty)
    }

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
