/// Encodes reply lines: `{"id":…,"result":{…}}` or `{"id":…,"error":{"code":…,"message":"…"}}`.
///
/// Replies never carry `"jsonrpc":"2.0"`: it says nothing the protocol version has not, and leaving
/// it out keeps the hot `key` reply short. Each line ends with exactly one `\n`.
public enum Reply {
    /// The line answering request `id` with `result`.
    public static func line(id: RequestID, result: some ReplyResult) -> [UInt8] {
        var writer = JSONWriter(capacity: 96)
        write(id: id, result: result, to: &writer)
        return writer.bytes
    }

    /// Appends the line answering request `id` with `result`, newline included.
    public static func write(id: RequestID, result: some ReplyResult, to writer: inout JSONWriter) {
        writer.raw("{")
        writer.key("id")
        writer.id(id)
        writer.raw(",")
        writer.key("result")
        result.write(to: &writer)
        writer.raw("}\n")
    }

    /// The line reporting `error`, newline included.
    public static func line(for error: ProtocolError) -> [UInt8] {
        var writer = JSONWriter(capacity: 128)
        write(error, to: &writer)
        return writer.bytes
    }

    /// Appends the line reporting `error`, newline included.
    public static func write(_ error: ProtocolError, to writer: inout JSONWriter) {
        writer.raw("{")
        writer.key("id")
        writer.id(error.id)
        writer.raw(",")
        writer.key("error")
        writer.raw("{")
        writer.key("code")
        writer.integer(error.code.rawValue)
        writer.raw(",")
        writer.key("message")
        writer.string(error.message)
        writer.raw("}}\n")
    }
}
