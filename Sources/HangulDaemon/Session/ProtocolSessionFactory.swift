import HangulCore
import HangulHanja
import HangulKeys
import HangulProtocol

/// Makes the protocol sessions `hanguld` serves, all sharing one compiled US keymap.
///
/// The keymap is compiled once at start (it takes milliseconds and a few hundred KiB); its decoder
/// is an immutable table, so every session reads it without locks.
public struct ProtocolSessionFactory: SessionFactory {
    public let decoder: KeyDecoder?
    public let maxPendingRequests: Int
    /// The layouts every session offers, read once at start.
    public let layouts: LayoutCatalog
    /// The settings file's contents, shared with every session made (and kept across a reload's
    /// new factory, so sessions already open follow it too); nil for the built-in defaults.
    public let settings: SettingsStore?
    /// The hanja dictionary every session shares, loaded on the first hanja key; nil for none.
    public let hanja: HanjaDictionarySource?
    /// Which session has the focus and the modes `mode-scope` keeps, shared by every session (and
    /// kept across a reload's new factory, like ``settings``); nil for sessions that share nothing.
    public let focus: FocusBoard?
    /// The rule the fix keys apply, shared by every session (its word list is read on the first fix
    /// key); nil leaves the fix keys doing nothing.
    public let wrongMode: (any WrongModeRule)?

    /// `layouts` has no default: sessions made without the daemon's catalog would silently ignore
    /// the user's layout files.
    public init(
        decoder: KeyDecoder?, maxPendingRequests: Int, layouts: LayoutCatalog, settings: SettingsStore? = nil,
        hanja: HanjaDictionarySource? = nil, focus: FocusBoard? = nil, wrongMode: (any WrongModeRule)? = nil
    ) {
        self.focus = focus
        self.wrongMode = wrongMode
        self.decoder = decoder
        self.maxPendingRequests = maxPendingRequests
        self.layouts = layouts
        self.settings = settings
        self.hanja = hanja
    }

    public func makeSession() -> ProtocolSession {
        ProtocolSession(
            decoder: decoder, maxPendingRequests: maxPendingRequests, layouts: layouts, settings: settings,
            hanja: hanja, focus: focus, wrongMode: wrongMode)
    }

    /// The connection-level error lines of PROTOCOL.md section 7, id null.
    public func reply(for rejection: ConnectionRejection) -> [UInt8] {
        switch rejection {
        case .lineTooLong: ProtocolError.lineTooLong.replyLine
        case .tooManyPendingRequests(let limit): ProtocolError.tooManyPendingRequests(limit: limit).replyLine
        case .tooManyPendingRequestBytes(let limit): ProtocolError.tooManyPendingRequestBytes(limit: limit).replyLine
        case .tooManySessions(let limit): ProtocolError.tooManySessions(limit: limit).replyLine
        case .helloTimeout(let seconds): ProtocolError.helloTimeout(seconds: seconds).replyLine
        case .unfinishedLineTimeout(let seconds): ProtocolError.unfinishedLineTimeout(seconds: seconds).replyLine
        }
    }
}
