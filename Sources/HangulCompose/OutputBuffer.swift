/// Buffered output that reports every write failure: standard output, or memory in tests.
///
/// Batches of a million keys must not pay a system call per line, so bytes collect here and go to
/// the sink in large writes. A line in progress can be *held*: bytes from ``holdFrom`` on are not
/// written by ``drain()`` until ``release()``, so that a `--json` or `--trace` line found to be bad
/// halfway can take back what it printed (``discardHeld()``). A held line longer than
/// ``heldLimit`` is written anyway, so memory stays bounded whatever a line's length; it can no
/// longer be taken back then, which ``discardHeld()`` reports.
public final class OutputBuffer {
    /// Where drained bytes go; throws ``OutputError`` when they cannot be written.
    public typealias Sink = (UnsafeRawBufferPointer) throws -> Void

    /// Bytes not yet written.
    public private(set) var bytes: [UInt8] = []
    /// The start of the held line in ``bytes``, if one is held.
    public private(set) var holdFrom: Int?
    /// Bytes collected before a write is attempted.
    let drainThreshold: Int
    /// The most bytes a held line keeps before it is written anyway.
    let heldLimit: Int
    private let sink: Sink

    public init(drainThreshold: Int = 1 << 16, heldLimit: Int = 1 << 20, sink: @escaping Sink) {
        self.drainThreshold = drainThreshold
        self.heldLimit = heldLimit
        self.sink = sink
        bytes.reserveCapacity(drainThreshold + 4096)
    }

    /// Appends bytes and drains when the buffer is full.
    @inline(__always)
    public func append(_ more: UnsafeBufferPointer<UInt8>) throws {
        bytes.append(contentsOf: more)
        if bytes.count >= drainThreshold { try drain() }
    }

    /// Appends bytes and drains when the buffer is full.
    @inline(__always)
    public func append(_ more: [UInt8]) throws {
        bytes.append(contentsOf: more)
        if bytes.count >= drainThreshold { try drain() }
    }

    /// Appends a string's UTF-8 and drains when the buffer is full.
    public func append(_ text: String) throws {
        bytes.append(contentsOf: text.utf8)
        if bytes.count >= drainThreshold { try drain() }
    }

    /// Appends bytes; the caller drains (``drainIfFull()``) at a convenient point.
    @inline(__always)
    public func appendWithoutDraining(_ more: [UInt8]) {
        bytes.append(contentsOf: more)
    }

    /// Appends bytes; the caller drains (``drainIfFull()``) at a convenient point.
    @inline(__always)
    public func appendWithoutDraining(_ more: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: more)
    }

    /// Drains when the buffer has reached its threshold.
    @inline(__always)
    public func drainIfFull() throws {
        if bytes.count >= drainThreshold { try drain() }
    }

    /// Starts holding: what is appended from now on stays until ``release()``.
    public func hold() {
        holdFrom = bytes.count
    }

    /// Stops holding; the held bytes are written with the next drain.
    public func release() {
        holdFrom = nil
    }

    /// Drops what was appended since ``hold()``; `false` when the held line had outgrown
    /// ``heldLimit`` and part of it is already written.
    @discardableResult
    public func discardHeld() -> Bool {
        guard let start = holdFrom else { return false }
        bytes.removeSubrange(start...)
        holdFrom = nil
        return true
    }

    /// Writes everything that is not held; a held line past ``heldLimit`` is written and let go.
    public func drain() throws {
        if let start = holdFrom, bytes.count - start > heldLimit {
            holdFrom = nil
        }
        let end = holdFrom ?? bytes.count
        guard end > 0 else { return }
        try bytes.withUnsafeBytes { all in try sink(UnsafeRawBufferPointer(rebasing: all[..<end])) }
        bytes.removeSubrange(..<end)
        if holdFrom != nil { holdFrom = 0 }
    }
}
