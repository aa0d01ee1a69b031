extension ConformanceTranscript {
    /// One thing a replayer does.
    public enum Action: Equatable, Sendable {
        /// Send the line and a newline.
        case send(String)
        /// Send these bytes exactly (no newline added): for invalid UTF-8 and split lines.
        case sendBytes([UInt8])
        /// Send the line padded to exactly this many bytes, newline included (see ``paddedLine(_:totalBytes:)``).
        case sendPadded(String, totalBytes: Int)
        /// Send this many bytes of ASCII `x` and no newline: a line that never ends.
        case sendFill(Int)
        /// Send the line this many times without reading; stop early when the server stops reading.
        case flood(String, count: Int)
        /// The next reply is exactly this line.
        case expect(String)
        /// The next reply may be any line.
        case expectAny
        /// Zero or more replies exactly this line.
        case expectRepeated(String)
        /// The server closes the connection: end of file after the expected replies.
        case expectClosed
        /// Before connecting, open this many other connections and keep them open to the end.
        case hold(Int)
    }
}
