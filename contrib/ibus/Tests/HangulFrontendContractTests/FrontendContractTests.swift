import HangulFrontendContract
import HangulProtocol
import Testing

@Suite struct FrontendContractTests {
    @Test func firstJamoShowsAPreeditOnly() {
        var contract = FrontendContract()
        #expect(contract.apply(reply(handled: true, preedit: "ㅎ")) == [.preedit("ㅎ")])
        #expect(contract.shownPreedit == "ㅎ")
    }

    @Test func commitRemovesThePreeditFirstThenShowsTheNextOne() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한"))
        let outputs = contract.apply(reply(handled: true, commit: "한", preedit: "ㄱ"))
        #expect(outputs == [.preedit(""), .commit("한"), .preedit("ㄱ")])
    }

    @Test func commitWithNothingShownAndNothingNextIsOneCommit() {
        var contract = FrontendContract()
        #expect(contract.apply(reply(commit: "@")) == [.commit("@")])
    }

    @Test func unchangedStateSendsNothing() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "가"))
        #expect(contract.apply(reply(handled: true, preedit: "가")).isEmpty)
    }

    @Test func backspaceToEmptyHidesThePreedit() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "ㄱ"))
        #expect(contract.apply(reply(handled: true)) == [.preedit("")])
    }

    @Test func modeChangeComesAfterTheCommit() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한"))
        let outputs = contract.apply(reply(handled: true, commit: "한", isHangul: false))
        #expect(outputs == [.preedit(""), .commit("한"), .mode(isHangul: false)])
        #expect(contract.apply(reply(isHangul: false)).isEmpty)
        #expect(contract.apply(reply(isHangul: true)) == [.mode(isHangul: true)])
    }

    @Test func failOpenCommitsWhatIsShownOnce() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "한"))
        #expect(contract.failOpen() == [.preedit(""), .commit("한")])
        #expect(contract.failOpen().isEmpty)
    }

    @Test func forgettingThePreeditLeavesNothingToFailOpenWith() {
        var contract = FrontendContract()
        _ = contract.apply(reply(handled: true, preedit: "ㄱ"))
        contract.forgetPreedit()
        #expect(contract.failOpen().isEmpty)
        #expect(contract.apply(reply(handled: true, preedit: "ㅏ")) == [.preedit("ㅏ")])
    }

    @Test func aPreeditTheEngineKeepsIsReplacedByItsCommitBeforeItIsHidden() {
        let outputs: [FrontendOutput] = [.preedit(""), .commit("게 "), .preedit("ㄱ"), .mode(isHangul: true)]
        #expect(
            outputs.committingBeforeHidingThePreedit() == [
                .commit("게 "), .preedit(""), .preedit("ㄱ"), .mode(isHangul: true),
            ])
        let noCommit: [FrontendOutput] = [.preedit(""), .hideCandidates]
        #expect(noCommit.committingBeforeHidingThePreedit() == noCommit)
        let deletion: [FrontendOutput] = [.preedit(""), .deleteBefore(2), .commit("韓國")]
        #expect(deletion.committingBeforeHidingThePreedit() == deletion)
    }
}
