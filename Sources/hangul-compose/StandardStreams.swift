#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Buffered standard output: batches of a million keys must not pay a system call per line.
final class OutputStream {
    private var buffer: [UInt8] = []
    private let descriptor: Int32

    init(descriptor: Int32 = 1) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    func flush() {
        var offset = 0
        while offset < buffer.count {
            let written = buffer[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                break
            }
            offset += written
        }
        buffer.removeAll(keepingCapacity: true)
    }

    deinit { flush() }
}

/// Unbuffered standard error for diagnostics.
enum StandardError {
    static func write(_ text: String) {
        var bytes = Array(text.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

/// Standard input as lines of raw bytes, delivered as they arrive so interactive use answers each
/// line at once; bytes are kept raw because an invalid UTF-8 line must be reported, not repaired.
enum StandardInput {
    /// Calls `body` with each line (without its newline) and its 1-based number; a last line
    /// without a newline counts too.
    static func forEachLine(_ body: (ArraySlice<UInt8>, Int) throws -> Void, afterChunk: () -> Void) rethrows {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        var number = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
            pending.append(contentsOf: chunk[0..<count])
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                number += 1
                var end = newline
                if end > start, pending[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                try body(pending[start..<end], number)
                start = newline + 1
            }
            pending.removeSubrange(pending.startIndex..<start)
            afterChunk()
        }
        if !pending.isEmpty {
            number += 1
            try body(pending[...], number)
        }
    }
}
