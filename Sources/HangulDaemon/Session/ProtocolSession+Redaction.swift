import HangulKeys
import HangulProtocol

// A session holds what the user is typing (the preedit, inside its composer). Printing it, dumping
// it or interpolating it into a log message must never show that text, so every description names
// only the session's shape: whether it is open, its mode and its layout.
extension ProtocolSession: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// `ProtocolSession(open, hangul, layout 2)`: no typed text, no keys.
    public var description: String {
        "ProtocolSession(\(isOpen ? "open" : "not open"), \(mode.rawValue), layout \(options.layout))"
    }

    public var debugDescription: String { description }

    /// Only the fields safe to log, so `dump` and debuggers show no preedit either.
    public var customMirror: Mirror {
        Mirror(
            self,
            children: ["isOpen": isOpen, "mode": mode.rawValue, "layout": options.layout],
            displayStyle: .struct)
    }
}
