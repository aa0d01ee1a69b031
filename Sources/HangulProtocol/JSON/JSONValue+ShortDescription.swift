extension JSONValue {
    /// How an error message shows a value the client sent: short scalars verbatim as JSON, anything
    /// long or nested by its kind and size only, so an error reply stays small and never echoes a
    /// large piece of client text.
    var shortDescription: String {
        let limit = 32
        switch self {
        case .null, .bool, .integer: return serializedText
        case .number(let literal):
            return literal.utf8.count <= limit ? literal : "a number of \(literal.utf8.count) characters"
        case .string(let string):
            return string.utf8.count <= limit ? serializedText : "a string of \(string.utf8.count) bytes"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}
