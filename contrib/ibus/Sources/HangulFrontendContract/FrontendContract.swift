import HangulProtocol

/// The frontend contract of PROTOCOL.md section 8 as a state machine: it remembers what the
/// application shows and says what to do with each reply, or without one; the caller performs it.
///
/// Kept apart from IBus so the order of effects can be tested without a bus: the preedit is removed
/// before a commit (in IBus's COMMIT preedit mode a preedit still shown could otherwise be
/// committed a second time by the client), text a pick converts is deleted before the commit that
/// replaces it, the commit comes before the new preedit, the candidate window follows the text, and
/// nothing is sent when nothing changed (each output is a D-Bus signal to the application).
public struct FrontendContract: Sendable {
    /// The preedit the application shows now: what fail-open commits.
    public private(set) var shownPreedit = ""
    /// The mode the indicator shows; a new session starts in Hangul mode.
    public private(set) var isHangul = true
    /// The candidate page the window shows now; nil while it is hidden.
    public private(set) var shownCandidates: CandidatePage?

    public init() {}

    /// What to do with a reply that carries state: remove the preedit, delete the text a pick
    /// converts, commit, show the new preedit, show or hide the candidate window, then the mode.
    /// A reply to a method other than `key` reads as a `KeyReply` that did not handle a key.
    /// (Whether to forward the key is the caller's: `reply.handled`, through ``KeyRouter``.)
    public mutating func apply(_ reply: KeyReply) -> [FrontendOutput] {
        var outputs: [FrontendOutput] = []
        if !reply.commit.isEmpty || reply.deleteBefore > 0 {
            if !shownPreedit.isEmpty {
                outputs.append(.preedit(""))
                shownPreedit = ""
            }
            if reply.deleteBefore > 0 { outputs.append(.deleteBefore(reply.deleteBefore)) }
            if !reply.commit.isEmpty { outputs.append(.commit(reply.commit)) }
        }
        if reply.preedit != shownPreedit {
            outputs.append(.preedit(reply.preedit))
            shownPreedit = reply.preedit
        }
        switch reply.candidates {
        case .absent:
            break
        case .closed:
            outputs += hideCandidates()
        case .open(let window):
            // A release while the list is open repeats the page unchanged: showing it again would be
            // one more D-Bus signal per keystroke for nothing.
            if window != shownCandidates {
                shownCandidates = window
                outputs.append(.showCandidates(window))
            }
        }
        if (reply.mode == .hangul) != isHangul {
            isHangul = reply.mode == .hangul
            outputs.append(.mode(isHangul: isHangul))
        }
        return outputs
    }

    /// No reply (daemon gone, late or broken): the preedit on screen is the user's text, so it
    /// becomes text, and a candidate window no key can reach any more is hidden; the caller then
    /// forwards the key.
    public mutating func failOpen() -> [FrontendOutput] {
        var outputs: [FrontendOutput] = []
        if !shownPreedit.isEmpty {
            outputs += [.preedit(""), .commit(shownPreedit)]
            shownPreedit = ""
        }
        return outputs + hideCandidates()
    }

    /// The host already committed the visible preedit itself (IBus on focus out and reset: the
    /// client, or ibus-daemon in COMMIT mode): forget it without output, so it is never committed
    /// twice.
    public mutating func forgetPreedit() {
        shownPreedit = ""
    }

    /// Hides the candidate window if one is shown (focus out, reset: the daemon's `cancel` closes
    /// the list, and the window must go even when the daemon does not answer).
    public mutating func hideCandidates() -> [FrontendOutput] {
        guard shownCandidates != nil else { return [] }
        shownCandidates = nil
        return [.hideCandidates]
    }
}
