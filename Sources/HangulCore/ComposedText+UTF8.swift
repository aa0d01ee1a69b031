extension ComposedText {
    /// Appends the text as UTF-8 to a byte buffer, without building a `String`.
    ///
    /// This is how a batch writer (`hangul-compose`) prints commits and preedits at the speed of the
    /// composer: a `String` per step cost more than the step itself. A value that is not a Unicode
    /// scalar (which the composer never produces) is skipped, as ``string`` skips it.
    ///
    /// Inlinable, so that a writer in another module encodes the text where it holds it: as a call,
    /// the text was first copied to be passed by value, which was most of this function's 5% of
    /// `hangul-compose` (issue 25).
    @inlinable @inline(__always)
    public func appendUTF8(to bytes: inout [UInt8]) {
        for index in 0..<count { Self.appendUTF8(of: storage[index], to: &bytes) }
    }

    /// ``appendUTF8(to:)`` for a text the caller holds in a variable, reading the scalars where
    /// they are: `mutating` though it only reads. The composer writes a commit four bytes at a
    /// time; a non-mutating call on it first copied the whole text, sixteen bytes at a time, and
    /// the CPU stalled on that copy on every key that committed (issue 25), as it did on the
    /// chain's walk in ``JamoChain``.
    @inlinable @inline(__always)
    public mutating func appendUTF8InPlace(to bytes: inout [UInt8]) {
        for index in 0..<count { Self.appendUTF8(of: storage[index], to: &bytes) }
    }

    /// One scalar's UTF-8; a value that is not a Unicode scalar is skipped.
    @inlinable @inline(__always)
    static func appendUTF8(of value: UInt32, to bytes: inout [UInt8]) {
        switch value {
        case 0..<0x80:
            bytes.append(UInt8(truncatingIfNeeded: value))
        case 0x80..<0x800:
            bytes.append(0xC0 | UInt8(truncatingIfNeeded: value >> 6))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
        case 0xD800..<0xE000:
            return
        case 0x800..<0x10000:
            bytes.append(0xE0 | UInt8(truncatingIfNeeded: value >> 12))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
        case 0x10000..<0x110000:
            bytes.append(0xF0 | UInt8(truncatingIfNeeded: value >> 18))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: (value >> 12) & 0x3F))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F))
            bytes.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
        default:
            return
        }
    }
}

extension ComposedText {
    /// Calls `body` with the text as UTF-8 in a buffer on the stack: at most ``capacity`` scalars
    /// of four bytes, so it never allocates. Neither generic nor throwing, so that a caller in
    /// another module pays no generic metadata lookup per call (a JSON writer calls it twice a key).
    public func withUTF8(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4 * Self.capacity) { buffer in
            var length = 0
            for index in 0..<count {
                let value = storage[index]
                switch value {
                case 0..<0x80:
                    buffer[length] = UInt8(truncatingIfNeeded: value)
                    length += 1
                case 0x80..<0x800:
                    buffer[length] = 0xC0 | UInt8(truncatingIfNeeded: value >> 6)
                    buffer[length + 1] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                    length += 2
                case 0xD800..<0xE000:
                    continue
                case 0x800..<0x10000:
                    buffer[length] = 0xE0 | UInt8(truncatingIfNeeded: value >> 12)
                    buffer[length + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
                    buffer[length + 2] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                    length += 3
                case 0x10000..<0x110000:
                    buffer[length] = 0xF0 | UInt8(truncatingIfNeeded: value >> 18)
                    buffer[length + 1] = 0x80 | UInt8(truncatingIfNeeded: (value >> 12) & 0x3F)
                    buffer[length + 2] = 0x80 | UInt8(truncatingIfNeeded: (value >> 6) & 0x3F)
                    buffer[length + 3] = 0x80 | UInt8(truncatingIfNeeded: value & 0x3F)
                    length += 4
                default:
                    continue
                }
            }
            body(UnsafeBufferPointer(rebasing: buffer[..<length]))
        }
    }
}
