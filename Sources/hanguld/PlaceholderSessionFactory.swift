import HangulDaemon

/// Stands in for the protocol's session factory until HangulProtocol and HangulKeys provide it.
///
/// Answers every request with an error line, so the daemon can be started, connected to and stopped
/// end to end while the protocol is being written.
struct PlaceholderSessionFactory: SessionFactory {
    /// Kept for the real session, which decodes xkb key codes with this layout.
    var keymapLayout: String

    func makeSession() -> PlaceholderSession {
        PlaceholderSession()
    }

    func reply(for rejection: ConnectionRejection) -> [UInt8] {
        let line: String
        switch rejection {
        case .lineTooLong(let limit):
            line = #"{"error":{"code":"line-too-long","limit":\#(limit)}}"#
        case .tooManyPendingRequests(let limit):
            line = #"{"error":{"code":"too-many-pending-requests","limit":\#(limit)}}"#
        case .tooManySessions(let limit):
            line = #"{"error":{"code":"too-many-sessions","limit":\#(limit)}}"#
        }
        return Array((line + "\n").utf8)
    }
}
