import HangulCore

extension Request {
    /// Parses one line (without its newline) into what the daemon must do with it.
    ///
    /// Checks run in a fixed order and the first failure is reported: JSON (`-32700`), the envelope
    /// (`-32600`: an object, a valid `id`, a string `method`), the method name (`-32601`), then the
    /// parameters (`-32602`, `-32001`, `-32002`). Unknown fields are ignored everywhere except in
    /// `set_options`, whose parameters are option names. Never traps, whatever the bytes.
    ///
    /// `layouts` is what `set_options` may name: the daemon's catalog, user layouts included.
    public static func parse(line: [UInt8], layouts: LayoutCatalog) -> IncomingLine {
        line.withUnsafeBytes { parse(line: $0, layouts: layouts) }
    }

    /// Parses one line (without its newline); see ``parse(line:layouts:)-([UInt8],_)``.
    public static func parse(line: UnsafeRawBufferPointer, layouts: LayoutCatalog) -> IncomingLine {
        if let key = parseCanonicalKey(line) { return .request(key) }
        return parseAnyLine(line, layouts: layouts)
    }

    /// The general path of ``parse(line:layouts:)-(UnsafeRawBufferPointer,_)``: any line, through a
    /// ``JSONValue`` tree, with every error worded.
    static func parseAnyLine(_ line: UnsafeRawBufferPointer, layouts: LayoutCatalog) -> IncomingLine {
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .blank }
        let value: JSONValue
        do {
            value = try JSONParser.parse(line, maxDepth: Wire.maxNestingDepth, maxBytes: Wire.maxLineBytes - 1)
        } catch {
            return .invalid(ProtocolError(code: .parseError, message: error.description))
        }
        guard let envelope = value.objectMembers else {
            return .invalid(
                ProtocolError(
                    code: .invalidRequest,
                    message: #"a request must be a JSON object such as {"id":1,"method":"ping"}, got "#
                        + value.shortDescription))
        }
        let fields = ParamsReader(members: envelope)
        let id: RequestID?
        switch envelope.last(where: { $0.key == "id" })?.value {
        case nil: id = nil
        case .integer(let integer): id = .integer(integer)
        case .string(let string) where string.utf8.count <= Wire.maxIDBytes: id = .string(string)
        case .string(let string):
            return .invalid(
                ProtocolError(
                    code: .invalidRequest,
                    message: "id must be at most \(Wire.maxIDBytes) bytes, got a string of \(string.utf8.count) bytes"))
        case .some(let other):
            return .invalid(
                ProtocolError(
                    code: .invalidRequest,
                    message: "id must be an integer or a string, got \(other.shortDescription);"
                        + " leave id out only for a notification"))
        }
        guard let methodValue = fields.value("method") else {
            return .invalid(
                ProtocolError(code: .invalidRequest, message: #"method is required: a string such as "key""#, id: id))
        }
        guard case .string(let methodText) = methodValue else {
            return .invalid(
                ProtocolError(
                    code: .invalidRequest,
                    message: #"method must be a string such as "key", got "# + methodValue.shortDescription, id: id))
        }
        do throws(ProtocolError) {
            guard let name = Method.Name(rawValue: methodText) else {
                throw ProtocolError(
                    code: .methodNotFound,
                    message: "unknown method \(methodValue.shortDescription); known: "
                        + Method.Name.allCases.map(\.rawValue).joined(separator: ", "))
            }
            let params: [(key: String, value: JSONValue)]
            switch fields.value("params") {
            case nil, .array([]): params = []
            case .object(let members): params = members
            case .some(let other):
                throw ParamsReader.invalid("params must be an object, got \(other.shortDescription)")
            }
            let method = try Method.read(name, ParamsReader(members: params), layouts: layouts)
            return .request(Request(id: id, method: method))
        } catch {
            var error = error
            error.id = id
            return id == nil ? .invalidNotification(error) : .invalid(error)
        }
    }
}
