import NIOCore

/// A description of an error that is safe to log: never a client's bytes.
///
/// Some NIO errors carry the offending data (`ByteToMessageDecoderError.dataReceivedInErrorState`
/// holds a `ByteBuffer`, whose description shows its bytes), so only errors known to hold no client
/// data are described in full; for anything else the log gets the type name.
enum LoggableError {
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as IOError:
            return "\(error.description)"
        case let error as SystemCallError:
            return error.description
        case let error as ChannelError:
            return "ChannelError.\(error)"
        case let error as LineFramer.LineTooLong:
            return "line longer than \(error.limit) bytes"
        default:
            return String(reflecting: type(of: error))
        }
    }
}
