extension Request {
    /// The request as one line, newline included, in the shape the daemon reads fastest.
    ///
    /// The shape is fixed so that a line is exact and comparable: `{"id":…,"method":"…","params":{…}}`
    /// with no whitespace, `id` left out for a notification, `params` left out for a method without
    /// parameters, and inside `params` only what differs from the default (a `key` without keycode,
    /// modifiers or release has only `keysym`). A `key` request with a non-negative integer id is
    /// thus in the shape of ``parseCanonicalKey(_:)``, the daemon's fast path.
    public var line: [UInt8] {
        var writer = JSONWriter(capacity: 96)
        write(to: &writer)
        return writer.bytes
    }

    /// Appends ``line`` to `writer`, so that a client can write a batch of requests into one buffer.
    public func write(to writer: inout JSONWriter) {
        if let id {
            writer.raw(#"{"id":"#)
            writer.id(id)
            writer.raw(#","method":"#)
        } else {
            writer.raw(#"{"method":"#)
        }
        writer.string(method.name.rawValue)
        method.writeParams(to: &writer)
        writer.raw("}\n")
    }
}
