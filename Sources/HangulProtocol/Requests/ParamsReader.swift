/// Reads typed fields out of a `params` object, producing the protocol's error messages.
///
/// Every message names the field as `params.name`, says what was expected and shows what came
/// (see ``JSONValue/shortDescription``). A field that is absent or `null` counts as not given.
struct ParamsReader {
    let members: [(key: String, value: JSONValue)]

    /// The last value given for `name`; nil when absent or `null`.
    func value(_ name: String) -> JSONValue? {
        guard let value = members.last(where: { $0.key == name })?.value, !value.isNull else { return nil }
        return value
    }

    /// The value of a field that must be given.
    func required(_ name: String, _ hint: String) throws(ProtocolError) -> JSONValue {
        guard let value = value(name) else { throw Self.invalid("params.\(name) is required: \(hint)") }
        return value
    }

    /// An integer field within `range`; nil when not given.
    func integer(_ name: String, expected: String, range: ClosedRange<Int64>) throws(ProtocolError) -> Int64? {
        guard let value = value(name) else { return nil }
        return try Self.integer(value, field: name, expected: expected, range: range)
    }

    /// Checks that `value` is an integer within `range`.
    static func integer(
        _ value: JSONValue, field: String, expected: String, range: ClosedRange<Int64>
    ) throws(ProtocolError) -> Int64 {
        guard case .integer(let integer) = value else {
            throw invalid("params.\(field) must be \(expected), got \(value.shortDescription)")
        }
        guard range.contains(integer) else {
            throw invalid(
                "params.\(field) must be from \(range.lowerBound) to \(range.upperBound), got \(integer)")
        }
        return integer
    }

    /// A boolean field; nil when not given.
    func bool(_ name: String) throws(ProtocolError) -> Bool? {
        guard let value = value(name) else { return nil }
        guard case .bool(let bool) = value else {
            throw Self.invalid("params.\(name) must be true or false, got \(value.shortDescription)")
        }
        return bool
    }

    /// A string field; nil when not given.
    func string(_ name: String, expected: String) throws(ProtocolError) -> String? {
        guard let value = value(name) else { return nil }
        guard case .string(let string) = value else {
            throw Self.invalid("params.\(name) must be \(expected), got \(value.shortDescription)")
        }
        return string
    }

    /// A string field that must be one of `Choice`'s raw values; nil when not given.
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, as type: Choice.Type
    ) throws(ProtocolError) -> Choice? where Choice.RawValue == String {
        guard value(name) != nil else { return nil }
        return try requiredChoice(name, as: type)
    }

    /// A string field that must be given and be one of `Choice`'s raw values.
    func requiredChoice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, as type: Choice.Type
    ) throws(ProtocolError) -> Choice where Choice.RawValue == String {
        let value = try required(name, Self.alternatives(Choice.self))
        guard case .string(let string) = value, let choice = Choice(rawValue: string) else {
            throw Self.invalid(
                "params.\(name) must be \(Self.alternatives(Choice.self)), got \(value.shortDescription)")
        }
        return choice
    }

    /// A string field that must be one of `words` (a choice option's); nil when not given.
    func word(_ name: String, among words: [String]) throws(ProtocolError) -> String? {
        guard let value = value(name) else { return nil }
        guard case .string(let string) = value, words.contains(string) else {
            throw Self.invalid("params.\(name) must be \(Self.alternatives(words)), got \(value.shortDescription)")
        }
        return string
    }

    /// `"a" or "b"`, `"a", "b" or "c"`: the raw values of a choice, as a message lists them.
    static func alternatives<Choice: RawRepresentable & CaseIterable>(
        _ type: Choice.Type
    ) -> String where Choice.RawValue == String {
        alternatives(Choice.allCases.map(\.rawValue))
    }

    /// `"a" or "b"`, `"a", "b" or "c"`: words as a message lists them.
    static func alternatives(_ words: [String]) -> String {
        let quoted = words.map { "\"\($0)\"" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " or " + last
    }

    static func invalid(_ message: String) -> ProtocolError { ProtocolError(code: .invalidParams, message: message) }
}
