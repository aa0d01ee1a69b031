/// One thing a frontend does to the application, in order.
public enum FrontendOutput: Equatable, Sendable {
    /// Replace the preedit shown with this text; empty hides it.
    case preedit(String)
    /// Insert this text at the cursor.
    case commit(String)
    /// Show this mode in the indicator.
    case mode(isHangul: Bool)
}
