extension JSONValue {
    /// The value as compact JSON bytes, written by ``JSONWriter`` (no trailing newline).
    public var serialized: [UInt8] {
        var writer = JSONWriter()
        writer.value(self)
        return writer.bytes
    }

    /// The value as compact JSON text, for tests and error messages.
    public var serializedText: String { String(decoding: serialized, as: UTF8.self) }
}
