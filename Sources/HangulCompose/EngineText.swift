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
}

extension ComposedText: EngineText {
    // `count` is a stored property, read in place; `isEmpty` would be a call into HangulCore.
    @inline(__always)
    public var isEmptyText: Bool { count == 0 }

    public func writeJSON(to writer: inout JSONWriter) {
        withUTF8 { writer.string(utf8: $0) }
    }
}

extension String: EngineText {
    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: utf8) }
    public var string: String { self }
    public var isEmptyText: Bool { isEmpty }
    public func writeJSON(to writer: inout JSONWriter) { writer.string(self) }
}

extension WordText: EngineText {
    public var isEmptyText: Bool { isEmpty }

    public func writeJSON(to writer: inout JSONWriter) {
        writer.string(self)
    }
}
