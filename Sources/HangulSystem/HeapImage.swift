/// Zeroed heap memory aligned to a cache line, freed with this object: an index image built in
/// memory (the hanja dictionaries', the word list's) before it is written to a cache file, or kept
/// when it cannot be.
public final class HeapImage: @unchecked Sendable {
    public let memory: UnsafeMutableRawBufferPointer

    public init(byteCount: Int) {
        memory = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: 0)
    }

    deinit { memory.deallocate() }
}
