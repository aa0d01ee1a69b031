import HangulCore
import HangulProtocol

/// Text an engine returns, which a batch appends as UTF-8 without building a `String` when it can.
public protocol EngineText {
    func appendUTF8(to bytes: inout [UInt8])
    var string: String { get }
    /// Whether there is no text, asked before every append: most steps commit nothing.
    var isEmptyText: Bool { get }
    /// Appends the text as a JSON string literal.
    func writeJSON(to writer: inout JSONWriter)
    /// At most how many bytes the text takes inside a JSON string literal, cheap to ask: the room
    /// `--json` makes before it writes a line through a cursor (``writeJSONEscaped(at:)``).
    var jsonEscapedBound: Int { get }
    /// Writes the text inside a JSON string literal at `cursor`, at most ``jsonEscapedBound`` bytes.
    func writeJSONEscaped(at cursor: inout UnsafeMutablePointer<UInt8>)
}

extension ComposedText: EngineText {
    // `count` is a stored property, read in place; `isEmpty` would be a call into HangulCore.
    @inline(__always)
    public var isEmptyText: Bool { count == 0 }

    public func writeJSON(to writer: inout JSONWriter) {
        withUTF8 { writer.string(utf8: $0) }
    }

    /// Six bytes a scalar: four of UTF-8 at most, or six for a control character's `\u00XX`.
    @inline(__always)
    public var jsonEscapedBound: Int { count * 6 }

    public func writeJSONEscaped(at cursor: inout UnsafeMutablePointer<UInt8>) {
        JSONWriter.writeEscaped(self, at: &cursor)
    }
}

extension String: EngineText {
    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: utf8) }
    public var string: String { self }
    public var isEmptyText: Bool { isEmpty }
    public func writeJSON(to writer: inout JSONWriter) { writer.string(self) }
    /// Six bytes a UTF-8 byte, for a control character's `\u00XX`.
    public var jsonEscapedBound: Int { utf8.count * 6 }

    public func writeJSONEscaped(at cursor: inout UnsafeMutablePointer<UInt8>) {
        var text = self
        text.withUTF8 { JSONWriter.writeEscaped(utf8: $0, at: &cursor) }
    }
}

extension WordText: EngineText {
    public var isEmptyText: Bool { isEmpty }

    public func writeJSON(to writer: inout JSONWriter) {
        writer.string(self)
    }

    /// Exact, since a word has no bound: counted scalar by scalar.
    public var jsonEscapedBound: Int { JSONWriter.escapedCount(self) }

    public func writeJSONEscaped(at cursor: inout UnsafeMutablePointer<UInt8>) {
        JSONWriter.writeEscaped(self, at: &cursor)
    }
}
