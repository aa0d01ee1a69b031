import HangulFrontendContract
import Testing

/// Reordering the outputs for a preedit the engine keeps itself (IBus's CLEAR mode, ibus-x11).
@Suite struct FrontendOutputTests {
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
