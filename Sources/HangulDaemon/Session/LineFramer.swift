import NIOCore

/// Splits a byte stream into `"\n"`-terminated lines of bounded length, knowing nothing of their meaning.
///
/// Each emitted `ByteBuffer` is one line without its newline. A line that reaches `maxLineLength` bytes
/// (the newline included) without ending throws `LineFramer.LineTooLong`, after every complete line
/// before it has been emitted. What becomes of bytes left over at end of input (a line cut off by a
/// disconnect: dropped, never acted on) is the connection's business, `ConnectionStateMachine`'s.
struct LineFramer {
    /// The error thrown when a line does not end within the limit.
    struct LineTooLong: Error, Equatable {
        /// The limit that was reached, newline included.
        var limit: Int

        /// Creates the error for `limit`.
        init(limit: Int) {
            self.limit = limit
        }
    }

    /// The longest accepted line, its `"\n"` included.
    let maxLineLength: Int

    /// How many bytes at the front of the buffer are already known to hold no newline, so that a long
    /// line arriving in many small reads is scanned once rather than once per read.
    private var scannedBytes = 0

    /// Creates a framer; `maxLineLength` counts the newline and must be at least 1.
    init(maxLineLength: Int) {
        precondition(maxLineLength >= 1, "a line needs room for at least its newline")
        self.maxLineLength = maxLineLength
    }

    /// Takes the next complete line off the front of `buffer`, its newline consumed but not included;
    /// nil when `buffer` holds no complete line yet. Throws once an unfinished line reaches the limit.
    ///
    /// The whole framer, without a pipeline: the connection's state machine calls it on what it received.
    mutating func nextLine(from buffer: inout ByteBuffer) throws(LineTooLong) -> ByteBuffer? {
        let readable = buffer.readableBytes
        let searchEnd = min(readable, self.maxLineLength)
        let searchStart = min(self.scannedBytes, readable)
        // A plain loop over the bytes in place: `firstIndex(of:)` on a slice of the buffer's view
        // ran as unspecialized generic code, copying the view through its value witness for each
        // byte, which was a few percent of the daemon's time per key (perf, 20 keys/s).
        let newline = buffer.withUnsafeReadableBytes { bytes -> Int? in
            var index = searchStart
            while index < searchEnd {
                if bytes[index] == UInt8(ascii: "\n") { return index }
                index += 1
            }
            return nil
        }
        if let length = newline {
            guard let line = buffer.readSlice(length: length) else {
                preconditionFailure("internal inconsistency: a found line is not readable")
            }
            buffer.moveReaderIndex(forwardBy: 1)
            self.scannedBytes = 0
            return line
        }
        if readable >= self.maxLineLength {
            throw LineTooLong(limit: self.maxLineLength)
        }
        self.scannedBytes = readable
        return nil
    }
}
