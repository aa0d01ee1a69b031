/// Why a line from the daemon is not a reply this client understands, said with the member's path
/// (`result.commit must be a string, got 5`).
///
/// Seeing one means the two sides disagree about the protocol: a bug on one side, or a daemon that
/// broke version 1's rule of only adding members (PROTOCOL.md section 11). The connection is then
/// out of step and should be closed.
public struct ReplyParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
