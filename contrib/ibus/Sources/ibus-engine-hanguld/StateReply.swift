import HangulFrontendContract
import HangulKeys
import HangulProtocol

/// A reply that carries state, read as a frontend needs it: the state in the contract's terms, and
/// the hanja keys when the reply says the session's options changed.
///
/// The daemon appends `options` to a state after a reload changed any option the session had not
/// set itself (PROTOCOL.md section 5). The engine keeps only the hanja keys from it, since it needs
/// them to send the surrounding text just before a hanja key and never before any other key; the
/// rest of the options are the daemon's business. Reading the member costs one lookup per reply.
struct StateReply: ReceivableResult {
    var reply: DaemonReply
    /// The session's hanja keys, when the reply carried the options; nil when it did not.
    var hanjaKeys: [KeyChord]?

    /// A `key` result (with `handled`) or any other state result.
    init(parsing result: JSONValue) throws(ReplyParseError) {
        if result["handled"] != nil {
            let key = try KeyReply(parsing: result)
            reply = DaemonReply(
                handled: key.handled, commit: key.commit, preedit: key.preedit, isHangul: key.mode == .hangul,
                deleteBefore: key.deleteBefore, candidates: Self.candidates(key.candidates))
        } else {
            let state = try StateResult(parsing: result)
            reply = DaemonReply(
                handled: false, commit: state.commit, preedit: state.preedit, isHangul: state.mode == .hangul,
                deleteBefore: state.deleteBefore, candidates: Self.candidates(state.candidates))
        }
        hanjaKeys = result["options"] == nil ? nil : try OptionsResult(parsing: result).options.hanjaKeys
    }

    private static func candidates(_ member: CandidatesMember) -> DaemonReply.Candidates {
        switch member {
        case .absent: .absent
        case .closed: .closed
        case .open(let page):
            .open(
                CandidateWindow(
                    items: page.items.map { CandidateWindow.Item(value: $0.value, meaning: $0.meaning) },
                    start: page.start, highlight: page.highlight, total: page.total))
        }
    }
}
