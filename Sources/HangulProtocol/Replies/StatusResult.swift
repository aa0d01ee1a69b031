/// The result of `status`: what a person or a script asks of a running daemon, and nothing any
/// client typed.
///
/// `{"version":"0.1.0","socket":"/run/user/1000/hangul/hanguld.sock","sessions":2,`
/// `"config_file":"/home/u/.config/hangul/config.toml","loaded_at":"2026-11-24T06:30:00Z",`
/// `"generation":1,"reloads":0,"problems":[]}`, in that order. `socket` is null when systemd passed
/// the socket, `config_file` null for a daemon without one, `loaded_at` null until a file was
/// accepted (the defaults serve until then). `generation` counts accepted loads, `reloads` the
/// reloads finished since start (accepted or not), and `problems` are the last attempt's
/// `file:line: reason` lines, empty when it was accepted.
public struct StatusResult: ReplyResult, Equatable, Sendable {
    public var version: String
    public var socket: String?
    public var sessions: Int
    public var configFile: String?
    /// UTC, ISO 8601 to the second.
    public var loadedAt: String?
    public var generation: Int
    public var reloads: Int
    public var problems: [String]
    /// Why the fix keys and automatic repair cannot work (their English word list is missing or
    /// unreadable: `path: reason`); nil when they can. Written, last, only when not nil.
    public var wordListProblem: String?

    public init(
        version: String = Wire.serverVersion, socket: String?, sessions: Int, configFile: String?,
        loadedAt: String?, generation: Int, reloads: Int, problems: [String]
    ) {
        self.version = version
        self.socket = socket
        self.sessions = sessions
        self.configFile = configFile
        self.loadedAt = loadedAt
        self.generation = generation
        self.reloads = reloads
        self.problems = problems
    }

    public func write(to writer: inout JSONWriter) {
        writer.raw("{")
        writer.key("version")
        writer.string(version)
        writer.raw(",")
        writer.key("socket")
        writer.optionalString(socket)
        writer.raw(",")
        writer.key("sessions")
        writer.integer(Int64(sessions))
        writer.raw(",")
        writer.key("config_file")
        writer.optionalString(configFile)
        writer.raw(",")
        writer.key("loaded_at")
        writer.optionalString(loadedAt)
        writer.raw(",")
        writer.key("generation")
        writer.integer(Int64(generation))
        writer.raw(",")
        writer.key("reloads")
        writer.integer(Int64(reloads))
        writer.raw(",")
        writer.key("problems")
        writer.raw("[")
        for (index, problem) in problems.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(problem)
        }
        writer.raw("]")
        if let wordListProblem {
            writer.raw(",")
            writer.key("word_list_problem")
            writer.string(wordListProblem)
        }
        writer.raw("}")
    }
}

extension StatusResult: ReceivableResult {
    public init(parsing result: JSONValue) throws(ReplyParseError) {
        let reader = try ResultReader(result, path: "result")
        self.init(
            version: try reader.string("version"), socket: try reader.optionalString("socket"),
            sessions: Int(clamping: try reader.integer("sessions")),
            configFile: try reader.optionalString("config_file"), loadedAt: try reader.optionalString("loaded_at"),
            generation: Int(clamping: try reader.integer("generation")),
            reloads: Int(clamping: try reader.integer("reloads")), problems: try reader.strings("problems"))
        if reader.has("word_list_problem") { wordListProblem = try reader.string("word_list_problem") }
    }
}

/// The result of `reload`: `{"reload":N}`, the number `status`'s `reloads` reaches once this
/// reload has finished. The reload runs after the reply (reading the files must not hold up other
/// sessions' keys, and requests made while one runs are served together by the next), so a
/// client that wants the outcome asks `status` until `reloads` is at least N, then reads
/// `problems`.
public struct ReloadResult: ReplyResult, Equatable, Sendable {
    public var reload: Int

    public init(reload: Int) { self.reload = reload }

    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"reload":"#)
        writer.integer(Int64(reload))
        writer.raw("}")
    }
}

extension ReloadResult: ReceivableResult {
    public init(parsing result: JSONValue) throws(ReplyParseError) {
        let reader = try ResultReader(result, path: "result")
        self.init(reload: Int(clamping: try reader.integer("reload")))
    }
}

extension JSONWriter {
    /// A string, or `null`.
    mutating func optionalString(_ value: String?) {
        if let value { string(value) } else { raw("null") }
    }
}
