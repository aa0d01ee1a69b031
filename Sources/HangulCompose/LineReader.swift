#if canImport(Glibc)
    import Glibc
#endif

/// Cuts a byte stream into lines delivered in pieces, so that a line of any length is typed without
/// being held in memory.
///
/// A line ends at `\n`; a `\r` just before it is dropped (files written on Windows), even when the
/// two arrive in different blocks. A last line without a newline counts when it has any bytes.
/// Blocks are delivered as soon as they are read, so interactive use answers each line at once.
public struct LineReader {
    /// How many bytes one read asks for.
    public var blockSize = 1 << 16

    public init(blockSize: Int = 1 << 16) {
        self.blockSize = blockSize
    }

    /// Calls `piece` with each piece of a line (possibly empty) and whether it ends the line, and
    /// `afterBlock` after each block read; rethrows their errors and throws ``InputError``.
    public func forEachPiece(
        of source: some ByteSource,
        _ piece: (UnsafeBufferPointer<UInt8>, _ endsLine: Bool) throws -> Void,
        afterBlock: () throws -> Void
    ) throws {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: blockSize, alignment: 16)
        defer { block.deallocate() }
        var lineHasBytes = false
        var heldCarriageReturn = false
        let carriageReturn: [UInt8] = [0x0D]
        while true {
            let count = try source.read(into: block)
            guard count > 0, let base = block.baseAddress else { break }
            let bytes = UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: count)
            var start = 0
            if heldCarriageReturn {
                heldCarriageReturn = false
                if bytes[0] != 0x0A {
                    try carriageReturn.withUnsafeBufferPointer { try piece($0, false) }
                }
            }
            while start < count, let newline = Self.newline(in: bytes, from: start) {
                var end = newline
                if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                try piece(UnsafeBufferPointer(rebasing: bytes[start..<end]), true)
                lineHasBytes = false
                start = newline + 1
            }
            if start < count {
                var end = count
                if bytes[end - 1] == 0x0D {
                    end -= 1
                    heldCarriageReturn = true
                }
                if end > start { try piece(UnsafeBufferPointer(rebasing: bytes[start..<end]), false) }
                lineHasBytes = true
            }
            try afterBlock()
        }
        if heldCarriageReturn {
            try carriageReturn.withUnsafeBufferPointer { try piece($0, false) }
        }
        if lineHasBytes {
            try piece(UnsafeBufferPointer(start: nil, count: 0), true)
            try afterBlock()
        }
    }

    /// The index of the first `\n` at or after `start`, found by `memchr` (vectorized in libc).
    static func newline(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress,
            let found = memchr(base + start, 0x0A, bytes.count - start)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }
}
