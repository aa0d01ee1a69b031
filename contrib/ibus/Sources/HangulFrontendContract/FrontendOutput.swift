import HangulProtocol

/// One thing a frontend does to the application, in order.
public enum FrontendOutput: Equatable, Sendable {
    /// Replace the preedit shown with this text; empty hides it.
    case preedit(String)
    /// Delete this many characters immediately before the cursor (IBus:
    /// `delete_surrounding_text(-n, n)`), before the commit that replaces them.
    case deleteBefore(Int)
    /// Insert this text at the cursor.
    case commit(String)
    /// Show the candidate window with this page, or update the one shown.
    case showCandidates(CandidatePage)
    /// Hide the candidate window.
    case hideCandidates
    /// Show this mode in the indicator.
    case mode(isHangul: Bool)
    /// Send this key to the application after everything before it (IBus: `forward_key_event`, with
    /// ``IBusKey/forwardedBit`` set so a client that filters it again lets it through).
    case forwardKey(IBusKey)
}

extension [FrontendOutput] {
    /// The same outputs with a commit that follows the hiding of the preedit moved before it, for a
    /// preedit the engine keeps itself (CLEAR mode, ibus-x11): there no client commits a preedit
    /// still shown, and an XIM application that draws it in place may keep it as text when it is
    /// hidden first. LibreOffice's X11 backend ends its in-place input on XIM's PreeditDone and keeps
    /// what was drawn, so hide-then-commit typed the syllable twice (`그게게` for `그게`) and put
    /// Return before it; commit-then-hide replaces the drawn syllable with the text.
    public func committingBeforeHidingThePreedit() -> [FrontendOutput] {
        guard let hide = firstIndex(of: .preedit("")), hide + 1 < count, case .commit = self[hide + 1] else {
            return self
        }
        var outputs = self
        outputs.swapAt(hide, hide + 1)
        return outputs
    }
}
