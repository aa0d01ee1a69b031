/// Something bytes are read from in blocks: standard input, or memory in tests.
public protocol ByteSource {
    /// Reads at most `buffer.count` bytes; 0 at the end.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int
}
