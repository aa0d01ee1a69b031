/// Bytes held in memory, served in blocks of at most `blockSize`: tests cut lines anywhere this way.
public final class MemorySource: ByteSource {
    private let bytes: [UInt8]
    private let blockSize: Int
    private var offset = 0

    public init(_ bytes: [UInt8], blockSize: Int = 1 << 16) {
        self.bytes = bytes
        self.blockSize = max(1, blockSize)
    }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        let count = min(buffer.count, blockSize, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBytes { all in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: all[offset..<(offset + count)]))
        }
        offset += count
        return count
    }
}
