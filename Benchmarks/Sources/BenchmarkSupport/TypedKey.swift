import HangulCore

/// One key of a benchmark stream, as a frontend sees it.
///
/// Space and BackSpace are not layout positions (``KeyPosition`` covers `!`…`~`): a frontend sends
/// space to the engine as a non-Hangul key, which commits the preedit, and BackSpace to the
/// engine's backspace.
public enum TypedKey: Hashable, Sendable {
    case position(KeyPosition)
    case space
    case backspace

    /// The ASCII character the key types (libhangul's `hangul_ic_process` argument), or `nil` for
    /// BackSpace.
    public var ascii: UInt8? {
        switch self {
        case .position(let position): position.ascii
        case .space: 0x20
        case .backspace: nil
        }
    }
}
