import HangulCore
import HangulKeys

/// The result of `hello`, members in this order:
/// `{"protocol":1,"server":{"name":…,"version":…},"mode":…,"options":{…},"layouts":[…],`
/// `"capabilities":{"methods":[…],"max_line_bytes":…,"max_pending_requests":…}}`.
public struct HelloResult: ReplyResult, Equatable {
    /// The negotiated protocol version.
    public var protocolVersion: Int64
    public var serverName: String
    public var serverVersion: String
    /// The session's mode at the start.
    public var mode: InputMode
    /// The session's options at the start: the defaults, which `set_options` changes.
    public var options: SessionOptions
    /// Every layout `set_options` accepts, in the daemon's order; no default, so that a reply is never
    /// built from the built-ins alone when the daemon offers the user's layouts too.
    public var layouts: [LayoutSummary]
    /// The methods this server answers; a later version may list more.
    public var methods: [Request.Method.Name]
    /// The longest line the server reads, newline included.
    public var maxLineBytes: Int
    /// How many replies may wait unread before the server closes the connection.
    public var maxPendingRequests: Int

    public init(
        protocolVersion: Int64 = Wire.protocolVersion, serverName: String = Wire.serverName,
        serverVersion: String = Wire.serverVersion, mode: InputMode = .hangul,
        options: SessionOptions = SessionOptions(),
        layouts: [LayoutSummary],
        methods: [Request.Method.Name] = Request.Method.Name.allCases, maxLineBytes: Int = Wire.maxLineBytes,
        maxPendingRequests: Int = Wire.defaultMaxPendingRequests
    ) {
        self.protocolVersion = protocolVersion
        self.serverName = serverName
        self.serverVersion = serverVersion
        self.mode = mode
        self.options = options
        self.layouts = layouts
        self.methods = methods
        self.maxLineBytes = maxLineBytes
        self.maxPendingRequests = maxPendingRequests
    }

    public func write(to writer: inout JSONWriter) {
        writer.raw("{")
        writer.key("protocol")
        writer.integer(protocolVersion)
        writer.raw(",")
        writer.key("server")
        writer.raw("{")
        writer.key("name")
        writer.string(serverName)
        writer.raw(",")
        writer.key("version")
        writer.string(serverVersion)
        writer.raw("},")
        writer.key("mode")
        writer.string(mode.rawValue)
        writer.raw(",")
        writer.key("options")
        writer.options(options)
        writer.raw(",")
        writer.key("layouts")
        writer.raw("[")
        for (index, layout) in layouts.enumerated() {
            if index > 0 { writer.raw(",") }
            layout.write(to: &writer)
        }
        writer.raw("],")
        writer.key("capabilities")
        writer.raw("{")
        writer.key("methods")
        writer.raw("[")
        for (index, method) in methods.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(method.rawValue)
        }
        writer.raw("],")
        writer.key("max_line_bytes")
        writer.integer(Int64(maxLineBytes))
        writer.raw(",")
        writer.key("max_pending_requests")
        writer.integer(Int64(maxPendingRequests))
        writer.raw("}}")
    }
}

extension HelloResult: ReceivableResult {
    /// Reads `hello`'s result. Method names this client does not know (a later daemon's) are left
    /// out of ``methods``, since nothing here could call them.
    public init(parsing result: JSONValue) throws(ReplyParseError) {
        let reader = try ResultReader(result, path: "result")
        let server = try reader.object("server")
        var layouts: [LayoutSummary] = []
        for (index, entry) in try reader.array("layouts").enumerated() {
            layouts.append(try LayoutSummary(reading: ResultReader(entry, path: "result.layouts[\(index)]")))
        }
        let capabilities = try reader.object("capabilities")
        let maxLineBytes = try capabilities.integer("max_line_bytes")
        let maxPending = try capabilities.integer("max_pending_requests")
        guard let maxLineBytes = Int(exactly: maxLineBytes), let maxPending = Int(exactly: maxPending) else {
            throw ReplyParseError("result.capabilities holds a bound this platform's Int cannot hold")
        }
        self.init(
            protocolVersion: try reader.integer("protocol"), serverName: try server.string("name"),
            serverVersion: try server.string("version"), mode: try reader.choice("mode", as: InputMode.self),
            options: try SessionOptions(reading: reader.object("options")), layouts: layouts,
            methods: try capabilities.strings("methods").compactMap(Request.Method.Name.init(rawValue:)),
            maxLineBytes: maxLineBytes, maxPendingRequests: maxPending)
    }
}
