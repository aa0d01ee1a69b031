/// A request's `id`, echoed in its reply: an integer or a string, as JSON-RPC 2.0 allows.
///
/// `null` and fractional ids are refused (JSON-RPC discourages both). A string id is at most
/// ``Wire/maxIDBytes`` bytes so that a reply never grows past what the request could carry.
public enum RequestID: Hashable, Sendable, CustomStringConvertible {
    case integer(Int64)
    case string(String)

    /// The id as it appears on the wire.
    public var description: String {
        var writer = JSONWriter(capacity: 16)
        writer.id(self)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

extension JSONWriter {
    /// Appends an id, or `null` for an error reply whose request id could not be read.
    public mutating func id(_ id: RequestID?) {
        switch id {
        case .integer(let integer): self.integer(integer)
        case .string(let string): self.string(string)
        case nil: raw("null")
        }
    }
}
