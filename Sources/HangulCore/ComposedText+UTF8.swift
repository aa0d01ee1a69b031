extension ComposedText {
    /// Appends the text as UTF-8 to a byte buffer, without building a `String`.
    ///
    /// This is how a batch writer (`hangul-compose`) prints commits and preedits at the speed of the
    /// composer: a `String` per step cost more than the step itself. A value that is not a Unicode
    /// scalar (which the composer never produces) is skipped, as ``string`` skips it.
    public func appendUTF8(to bytes: inout [UInt8]) {
        for index in 0..<count {
            let value = storage[index]
            switch value {
            case 0..<0x80:
                bytes.append(UInt8(truncatingIfNeeded: value))
            case 0x80..<0x800:
                bytes.append(0xC0 | UInt8(truncatingIfNeeded: value >> 6))
                bytes.append(0x80 | UInt8(truncatingIfNeeded: value & 0x3F))
            case 0xD800..<0xE000:
                continue
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
                continue
            }
        }
    }
}
