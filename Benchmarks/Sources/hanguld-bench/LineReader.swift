#if canImport(Glibc)
    import Glibc
#endif

/// Reads newline-ended lines from a descriptor through one fixed buffer: no allocation per line,
/// so the clients' own cost stays out of the round trips they time.
struct LineReader {
    let descriptor: Int32
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    private var start = 0
    private var end = 0

    init(descriptor: Int32) { self.descriptor = descriptor }

    /// Calls `body` with the next line (without its newline); false at end of file or on an error.
    mutating func nextLine(_ body: (UnsafeRawBufferPointer) -> Void = { _ in }) -> Bool {
        while true {
            if let newline = buffer[start..<end].firstIndex(of: 10) {
                buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start..<newline])) }
                start = newline + 1
                return true
            }
            if start > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                }
                end -= start
                start = 0
            }
            if end == buffer.count { return false }  // a line longer than the buffer: not ours
            let count = buffer.withUnsafeMutableBytes { raw in
                recv(descriptor, raw.baseAddress! + end, raw.count - end, 0)
            }
            if count <= 0 { return false }
            end += count
        }
    }

    /// The next line as bytes, newline included; nil at end of file.
    mutating func readLine() -> [UInt8]? {
        var line: [UInt8]?
        guard nextLine({ line = Array($0) + [10] }) else { return nil }
        return line
    }
}
