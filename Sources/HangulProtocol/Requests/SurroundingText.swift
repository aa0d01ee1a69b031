/// The params of `set_surrounding_text`: the text before the cursor and the selection
/// (PROTOCOL.md section 6.11).
///
/// Both are the user's text: error messages name the field and the bound, never the content, and
/// the daemon never logs them.
public struct SurroundingText: Equatable, Sendable {
    /// The text before the cursor; the session keeps only its end.
    public var beforeCursor: String
    /// The selected text, empty when nothing is selected.
    public var selection: String

    /// The most bytes either string may have.
    public static let maxBytes = 4096

    public init(beforeCursor: String, selection: String = "") {
        self.beforeCursor = beforeCursor
        self.selection = selection
    }

    init(reading params: ParamsReader) throws(ProtocolError) {
        guard let text = params.value("text") else {
            throw ParamsReader.invalid("params.text is required: the text before the cursor, a string")
        }
        self.init(beforeCursor: try Self.read(text, "text"), selection: "")
        if let selection = params.value("selection") { self.selection = try Self.read(selection, "selection") }
    }

    private static func read(_ value: JSONValue, _ field: String) throws(ProtocolError) -> String {
        guard case .string(let string) = value else {
            throw ParamsReader.invalid("params.\(field) must be a string")
        }
        guard string.utf8.count <= maxBytes else {
            throw ParamsReader.invalid(
                "params.\(field) must have at most \(maxBytes) bytes, got \(string.utf8.count); send the text "
                    + "nearest the cursor")
        }
        return string
    }

    func write(to writer: inout JSONWriter) {
        writer.raw(#"{"text":"#)
        writer.string(beforeCursor)
        if !selection.isEmpty {
            writer.raw(#","selection":"#)
            writer.string(selection)
        }
        writer.raw("}")
    }
}
