import HangulFrontendContract
import HangulProtocol
import Testing

/// Word-commit mode (PROTOCOL.md section 9.6) seen by the contract: the preedit is a whole word, so
/// every rule that moves it must move all of it, once.
@Suite struct WordModeContractTests {
    @Test func aFinishedSyllableStaysInThePreeditWithNoCommit() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한"))
        #expect(contract.apply(reply(handled: true, preedit: "한ㄱ")) == [.preedit("한ㄱ")])
        #expect(contract.shownPreedit == "한ㄱ")
    }

    @Test func theKeyThatEndsTheWordCommitsItWhole() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한글"))
        #expect(contract.apply(reply(handled: false, commit: "한글")) == [.preedit(""), .commit("한글")])
        #expect(contract.shownPreedit == "")
    }

    @Test func backspaceIntoAFinishedSyllableOnlyShortensThePreedit() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한ㄱ"))
        #expect(contract.apply(reply(handled: true, preedit: "한")) == [.preedit("한")])
        #expect(contract.apply(reply(handled: true, preedit: "하")) == [.preedit("하")])
    }

    @Test func failOpenCommitsTheWholeWordOnce() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "대한민국"))
        #expect(contract.failOpen() == [.preedit(""), .commit("대한민국")])
        #expect(contract.failOpen().isEmpty)
    }

    @Test func aPickCommitsTheStartAndShowsTheRestAfterIt() {
        var contract = FrontendContract()
        let page = CandidatePage(items: [.init(value: "大韓民國")], start: 0, highlight: 0, total: 1)
        _ = contract.apply(reply(handled: true, preedit: "대한민국"))
        _ = contract.apply(reply(handled: true, preedit: "대한민국", candidates: .open(page)))
        let outputs = contract.apply(reply(handled: true, commit: "大韓", preedit: "민국", candidates: .closed))
        #expect(outputs == [.preedit(""), .commit("大韓"), .preedit("민국"), .hideCandidates])
        #expect(contract.failOpen() == [.preedit(""), .commit("민국")])
    }
}
