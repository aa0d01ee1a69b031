extension ProtocolSession: LineSession {
    /// The server's view of the session: a reply line or nothing; protocol errors never close the
    /// connection (only the server's own bounds do).
    public mutating func handle(line: ArraySlice<UInt8>) -> LineReply {
        LineReply(bytes: reply(to: line) ?? [])
    }
}
