import HangulKeys

/// The params of `set_focus` (PROTOCOL.md section 6.17): whether the session's input field gained
/// or lost the focus, and which application and field it is, for `mode-scope`.
///
/// The names identify, they are not shown: a frontend sends what its framework gives (IBus: the
/// client's name and the input context's object path; fcitx5: the program name and the input
/// context's UUID). They are bounded like `hello`'s client name and never logged.
public struct FocusChange: Equatable, Sendable {
    public var focused: Bool
    /// The application the field belongs to; empty when the frontend cannot tell.
    public var application: String
    /// The field within the application, stable while it lives; empty when the frontend cannot tell.
    public var field: String

    /// The most bytes `application` or `field` may have.
    public static let maxBytes = 256

    public init(focused: Bool, application: String = "", field: String = "") {
        self.focused = focused
        self.application = application
        self.field = field
    }

    init(reading params: ParamsReader) throws(ProtocolError) {
        guard let focused = try params.bool("focused") else {
            throw ParamsReader.invalid(
                "params.focused is required: true when the field gained the focus, false when it lost it")
        }
        self.init(focused: focused)
        application = try Self.name(params, "application")
        field = try Self.name(params, "field")
    }

    private static func name(_ params: ParamsReader, _ field: String) throws(ProtocolError) -> String {
        guard let value = try params.string(field, expected: "a string") else { return "" }
        guard value.utf8.count <= maxBytes else {
            throw ParamsReader.invalid(
                "params.\(field) must have at most \(maxBytes) bytes, got \(value.utf8.count)")
        }
        return value
    }

    func write(to writer: inout JSONWriter) {
        writer.raw(#"{"focused":"#)
        writer.bool(focused)
        if !application.isEmpty {
            writer.raw(#","application":"#)
            writer.string(application)
        }
        if !field.isEmpty {
            writer.raw(#","field":"#)
            writer.string(field)
        }
        writer.raw("}")
    }
}

/// What `focused_mode` asks of the focused field's mode (PROTOCOL.md section 6.18).
public enum ModeChange: String, Equatable, Sendable, CaseIterable {
    case hangul
    case latin
    case toggle
}

/// The result of `focused_mode`: `{"focused":true,"mode":"latin"}`, or `{"focused":false}` when no
/// session has said it has the focus.
public struct FocusedModeResult: ReplyResult, Equatable {
    /// The focused field's mode (after the change asked for), nil when no field has the focus.
    public var mode: InputMode?

    public init(mode: InputMode?) { self.mode = mode }

    public func write(to writer: inout JSONWriter) {
        guard let mode else { return writer.raw(#"{"focused":false}"#) }
        writer.raw(#"{"focused":true,"mode":"#)
        writer.string(mode.rawValue)
        writer.raw("}")
    }
}

extension FocusedModeResult: ReceivableResult {
    public init(parsing result: JSONValue) throws(ReplyParseError) {
        let reader = try ResultReader(result, path: "result")
        self.init(mode: try reader.bool("focused") ? try reader.choice("mode", as: InputMode.self) : nil)
    }
}
