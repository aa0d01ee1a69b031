import HangulKeys
import HangulProtocol

/// A daemon reply as the tests write it: every member defaulted to a state reply with nothing in it.
func reply(
    handled: Bool = false, commit: String = "", preedit: String = "", isHangul: Bool = true, deleteBefore: Int = 0,
    candidates: CandidatesMember = .absent
) -> KeyReply {
    KeyReply(
        handled: handled, commit: commit, preedit: preedit, mode: isHangul ? .hangul : .latin,
        deleteBefore: deleteBefore, candidates: candidates)
}

extension CandidatePage.Item {
    /// A candidate without a meaning.
    init(value: String) {
        self.init(value: value, meaning: "")
    }
}
