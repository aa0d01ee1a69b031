import Glibc

/// Splits a byte stream into `"\n"`-terminated lines of bounded length, knowing nothing of their meaning.
///
/// Each emitted slice is one line without its newline, sharing the storage it was read into. A line that reaches `maxLineLength` bytes
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
    mutating func nextLine(from buffer: inout ArraySlice<UInt8>) throws(LineTooLong) -> ArraySlice<UInt8>? {
        let readable = buffer.count
        let searchEnd = min(readable, self.maxLineLength)
        let searchStart = min(self.scannedBytes, readable)
        // glibc's memchr, in place, from where the last call stopped looking: it reads a vector of
        // bytes at a time, where a loop over a key's 50-byte line took 300 instructions.
        let newline = buffer.withUnsafeBytes { bytes -> Int? in
            guard searchStart < searchEnd, let base = bytes.baseAddress,
                let found = memchr(base + searchStart, Int32(UInt8(ascii: "\n")), searchEnd - searchStart)
            else { return nil }
            return base.distance(to: UnsafeRawPointer(found))
        }
        if let length = newline {
            let start = buffer.startIndex
            let line = buffer[start..<start + length]
            // Slicing shares the storage: neither the line nor the rest is copied.
            buffer = buffer[(start + length + 1)...]
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
