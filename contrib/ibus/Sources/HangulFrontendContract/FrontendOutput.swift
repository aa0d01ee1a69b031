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
