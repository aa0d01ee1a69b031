/// The frontend contract of PROTOCOL.md section 8 as a state machine: it remembers what the
/// application shows and says what to do with each reply, or without one; the caller performs it.
///
/// Kept apart from IBus so the order of effects can be tested without a bus: the preedit is removed
/// before a commit (in IBus's COMMIT preedit mode a preedit still shown could otherwise be
/// committed a second time by the client), the commit comes before the new preedit, and nothing is
/// sent when nothing changed (each output is a D-Bus signal to the application).
public struct FrontendContract: Sendable {
    /// The preedit the application shows now: what fail-open commits.
    public private(set) var shownPreedit = ""
    /// The mode the indicator shows; a new session starts in Hangul mode.
    public private(set) var isHangul = true

    public init() {}

    /// What to do with a reply that carries state: remove the preedit, commit, show the new preedit,
    /// then the mode. (Whether to forward the key is the caller's: `reply.handled`.)
    public mutating func apply(_ reply: DaemonReply) -> [FrontendOutput] {
        var outputs: [FrontendOutput] = []
        if !reply.commit.isEmpty {
            if !shownPreedit.isEmpty {
                outputs.append(.preedit(""))
                shownPreedit = ""
            }
            outputs.append(.commit(reply.commit))
        }
        if reply.preedit != shownPreedit {
            outputs.append(.preedit(reply.preedit))
            shownPreedit = reply.preedit
        }
        if reply.isHangul != isHangul {
            isHangul = reply.isHangul
            outputs.append(.mode(isHangul: reply.isHangul))
        }
        return outputs
    }

    /// No reply (daemon gone, late or broken): the preedit on screen is the user's text, so it
    /// becomes text; the caller then forwards the key.
    public mutating func failOpen() -> [FrontendOutput] {
        guard !shownPreedit.isEmpty else { return [] }
        let text = shownPreedit
        shownPreedit = ""
        return [.preedit(""), .commit(text)]
    }

    /// The host already committed the visible preedit itself (IBus on focus out and reset, in
    /// COMMIT mode): forget it without output, so it is never committed twice.
    public mutating func forgetPreedit() {
        shownPreedit = ""
    }
}
