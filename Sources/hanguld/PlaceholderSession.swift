import HangulDaemon

/// Answers each request line with a fixed "not implemented" error line.
struct PlaceholderSession: LineSession {
    private static let reply =
        Array(
            #"{"error":{"code":"not-implemented","message":"this hanguld has no protocol session yet"}}"#.utf8
        ) + [UInt8(ascii: "\n")]

    mutating func handle(line: ArraySlice<UInt8>) -> LineReply {
        LineReply(bytes: Self.reply)
    }
}
