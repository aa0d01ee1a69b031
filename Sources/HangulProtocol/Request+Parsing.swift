import HangulCore

extension Request {
    /// Parses one line (without its newline) into what the daemon must do with it.
    ///
    /// Checks run in a fixed order and the first failure is reported: JSON (`-32700`), the envelope
    /// (`-32600`: an object, a valid `id`, a string `method`), the method name (`-32601`), then the
    /// parameters (`-32602`, `-32001`, `-32002`). Unknown fields are ignored everywhere except in
    /// `set_options`, whose parameters are option names. Never traps, whatever the bytes.
    ///
    /// `layouts` is what `set_options` may name: the daemon's catalog, user layouts included (no
    /// default, since the built-ins alone would silently refuse the user's layouts).
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
            let method = try parseMethod(name, ParamsReader(members: params), layouts: layouts)
            return .request(Request(id: id, method: method))
        } catch {
            var error = error
            error.id = id
            return id == nil ? .invalidNotification(error) : .invalid(error)
        }
    }

    private static func parseMethod(
        _ name: Method.Name, _ params: ParamsReader, layouts: LayoutCatalog
    ) throws(ProtocolError) -> Method {
        switch name {
        case .hello: return .hello(try parseHello(params))
        case .key: return .key(try parseKey(params))
        case .reset: return .reset
        case .cancel: return .cancel
        case .setOptions: return .setOptions(try parseOptionsPatch(params, layouts: layouts))
        case .getOptions: return .getOptions
        case .setMode:
            _ = try params.required("mode", ParamsReader.alternatives(InputMode.self))
            guard let mode = try params.choice("mode", as: InputMode.self) else {
                preconditionFailure("internal inconsistency: required field vanished")
            }
            return .setMode(mode)
        case .toggle: return .toggle
        case .setContentType:
            _ = try params.required("purpose", ParamsReader.alternatives(ContentPurpose.self))
            guard let purpose = try params.choice("purpose", as: ContentPurpose.self) else {
                preconditionFailure("internal inconsistency: required field vanished")
            }
            return .setContentType(purpose)
        case .ping: return .ping
        }
    }

    private static func parseHello(_ params: ParamsReader) throws(ProtocolError) -> HelloParams {
        let offered = try params.required(
            "protocol", "the highest protocol version the client speaks; this server speaks \(Wire.protocolVersion)")
        guard case .integer(let version) = offered else {
            throw ParamsReader.invalid("params.protocol must be an integer, got \(offered.shortDescription)")
        }
        let client = try params.string("client", expected: "a string")
        if let client, client.utf8.count > Wire.maxClientNameBytes {
            throw ParamsReader.invalid(
                "params.client must be at most \(Wire.maxClientNameBytes) bytes, got a string of \(client.utf8.count) bytes"
            )
        }
        let hello = HelloParams(offeredVersion: version, client: client)
        guard hello.negotiatedVersion != nil else {
            throw ProtocolError(
                code: .unsupportedProtocolVersion,
                message: "protocol version \(version) is not supported; this server speaks \(Wire.protocolVersion)")
        }
        return hello
    }

    private static func parseKey(_ params: ParamsReader) throws(ProtocolError) -> KeyParams {
        let keysymValue = try params.required("keysym", #"an X11 keysym as an integer, such as 97 for "a""#)
        let keysym = try ParamsReader.integer(
            keysymValue, field: "keysym", expected: "an integer keysym", range: 0...Int64(KeyParams.maxKeysym))
        let keycode = try params.integer(
            "keycode", expected: "an integer xkb keycode (evdev code + 8)",
            range: Int64(KeyParams.keycodeRange.lowerBound)...Int64(KeyParams.keycodeRange.upperBound))
        let modifiers = try params.integer(
            "modifiers", expected: "an integer X11 modifier mask", range: 0...Int64(UInt32.max))
        let release = try params.bool("release")
        return KeyParams(
            keysym: UInt32(truncatingIfNeeded: keysym), keycode: keycode.map { UInt32(truncatingIfNeeded: $0) },
            modifiers: KeyParams.Modifiers(rawValue: UInt32(truncatingIfNeeded: modifiers ?? 0)).intersection(.core),
            isRelease: release ?? false)
    }

    private static func parseOptionsPatch(
        _ params: ParamsReader, layouts: LayoutCatalog
    ) throws(ProtocolError) -> OptionsPatch {
        // The params of set_options are option names, so an unknown one is a typo to report, not a
        // newer field to skip: silently ignoring "auto_reorder" would leave the user puzzled.
        if let unknown = params.members.first(where: { !SessionOptions.names.contains($0.key) }) {
            throw ParamsReader.invalid(
                "unknown option \(JSONValue.string(unknown.key).shortDescription); known: "
                    + SessionOptions.names.joined(separator: ", "))
        }
        var patch = OptionsPatch()
        if let layoutID = try params.string("layout", expected: #"a layout id string such as "2""#) {
            guard let layout = layouts.layout(named: layoutID) else {
                throw ProtocolError(
                    code: .unknownLayout,
                    message: "unknown layout \(JSONValue.string(layoutID).shortDescription); known: "
                        + layouts.ids.joined(separator: ", "))
            }
            patch.layout = layout.id
        }
        for option in ComposerOptions.Option.allCases {
            if let value = try params.bool(option.rawValue) { patch.switches[option] = value }
        }
        patch.output = try params.choice("output", as: ComposerOptions.OutputForm.self)
        if let keys = params.value("toggle-keys") {
            patch.toggleKeys = try parseToggleKeys(keys)
        }
        patch.escapeToLatin = try params.bool("escape-to-latin")
        return patch
    }

    private static func parseToggleKeys(_ value: JSONValue) throws(ProtocolError) -> [ToggleKey] {
        guard case .array(let elements) = value else {
            throw ParamsReader.invalid(
                #"params.toggle-keys must be an array of key names such as ["Hangul","Shift+space"], got "#
                    + value.shortDescription)
        }
        guard elements.count <= Wire.maxToggleKeys else {
            throw ParamsReader.invalid(
                "params.toggle-keys must have at most \(Wire.maxToggleKeys) keys, got \(elements.count)")
        }
        var keys: [ToggleKey] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let notation) = element else {
                throw ParamsReader.invalid(
                    #"params.toggle-keys[\#(index)] must be a key name such as "Shift+space", got "#
                        + element.shortDescription)
            }
            do throws(ToggleKey.NotationError) {
                keys.append(try ToggleKey(notation: notation))
            } catch {
                switch error {
                case .emptyKeysymName:
                    throw ParamsReader.invalid(
                        "params.toggle-keys[\(index)] has no keysym name after its modifiers: \(element.shortDescription)"
                    )
                case .unknownModifier(let modifier):
                    throw ParamsReader.invalid(
                        "params.toggle-keys[\(index)] has an unknown modifier "
                            + JSONValue.string(modifier).shortDescription
                            + "; modifiers are Shift, Control, Alt, Super, AltGr")
                }
            }
        }
        return keys
    }
}
