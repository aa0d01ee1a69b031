/// Reads typed members out of a reply's JSON, naming each by its path when it is missing or wrong.
///
/// Members the reader is not asked for are ignored, as PROTOCOL.md section 11 asks of clients: a
/// later daemon may add members at the end of any result.
struct ResultReader {
    let value: JSONValue
    /// Where `value` is in the reply, such as `result.options`.
    let path: String

    init(_ value: JSONValue, path: String) throws(ReplyParseError) {
        guard case .object = value else {
            throw ReplyParseError("\(path) must be an object, got \(value.shortDescription)")
        }
        self.value = value
        self.path = path
    }

    func member(_ name: String) throws(ReplyParseError) -> JSONValue {
        guard let member = value[name] else { throw ReplyParseError("\(path).\(name) is missing") }
        return member
    }

    func has(_ name: String) -> Bool { value[name] != nil }

    func object(_ name: String) throws(ReplyParseError) -> ResultReader {
        try ResultReader(member(name), path: "\(path).\(name)")
    }

    func string(_ name: String) throws(ReplyParseError) -> String {
        let member = try member(name)
        guard case .string(let string) = member else { throw mismatch(name, "a string", member) }
        return string
    }

    /// A string, or nil for `null`; a missing member is still an error.
    func optionalString(_ name: String) throws(ReplyParseError) -> String? {
        let member = try member(name)
        if member.isNull { return nil }
        guard case .string(let string) = member else { throw mismatch(name, "a string or null", member) }
        return string
    }

    func bool(_ name: String) throws(ReplyParseError) -> Bool {
        let member = try member(name)
        guard case .bool(let bool) = member else { throw mismatch(name, "true or false", member) }
        return bool
    }

    func integer(_ name: String) throws(ReplyParseError) -> Int64 {
        let member = try member(name)
        guard case .integer(let integer) = member else { throw mismatch(name, "an integer", member) }
        return integer
    }

    func array(_ name: String) throws(ReplyParseError) -> [JSONValue] {
        let member = try member(name)
        guard case .array(let elements) = member else { throw mismatch(name, "an array", member) }
        return elements
    }

    /// An array of strings.
    func strings(_ name: String) throws(ReplyParseError) -> [String] {
        var strings: [String] = []
        for (index, element) in try array(name).enumerated() {
            guard case .string(let string) = element else {
                throw ReplyParseError("\(path).\(name)[\(index)] must be a string, got \(element.shortDescription)")
            }
            strings.append(string)
        }
        return strings
    }

    /// A string that must be one of `Choice`'s raw values.
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ name: String, as type: Choice.Type
    ) throws(ReplyParseError) -> Choice where Choice.RawValue == String {
        let member = try member(name)
        guard case .string(let string) = member, let choice = Choice(rawValue: string) else {
            throw mismatch(name, ParamsReader.alternatives(Choice.self), member)
        }
        return choice
    }

    /// A string that must be one of `words` (a choice option's, from the option table).
    func word(_ name: String, among words: [String]) throws(ReplyParseError) -> String {
        let member = try member(name)
        guard case .string(let string) = member, words.contains(string) else {
            throw mismatch(name, ParamsReader.alternatives(words), member)
        }
        return string
    }

    private func mismatch(_ name: String, _ expected: String, _ got: JSONValue) -> ReplyParseError {
        ReplyParseError("\(path).\(name) must be \(expected), got \(got.shortDescription)")
    }
}
