extension ProtocolSession: LineSession {
    /// The server's view of the session: a reply line or nothing; protocol errors never close the
    /// connection (only the server's own bounds do).
    public mutating func handle(line: UnsafeRawBufferPointer) -> LineReply {
        LineReply(bytes: reply(to: line) ?? [])
    }

    /// The method name and, for a failed line, the error code: wire vocabulary only, no content.
    public var lastLineSummary: String? {
        switch (lastMethod, lastErrorCode) {
        case (nil, nil): nil
        case (let method?, nil): "method=\(method.rawValue)"
        case (nil, let code?): "error=\(code.rawValue)"
        case (let method?, let code?): "method=\(method.rawValue) error=\(code.rawValue)"
        }
    }
}
