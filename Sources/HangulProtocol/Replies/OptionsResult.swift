/// The result of `set_options` (`{"commit":…,"preedit":…,"mode":…,"options":{…}}`) and of
/// `get_options` (`{"options":{…}}`).
///
/// `set_options` commits the preedit before changing anything, so its result carries the state too.
public struct OptionsResult: ReplyResult, Equatable {
    /// The state after the change, or nil for `get_options`, which changes nothing.
    public var state: StateResult?
    /// Every option, after the change.
    public var options: SessionOptions

    public init(state: StateResult?, options: SessionOptions) {
        self.state = state
        self.options = options
    }

    public func write(to writer: inout JSONWriter) {
        writer.raw("{")
        if let state {
            state.writeMembers(to: &writer)
            writer.raw(",")
        }
        writer.key("options")
        writer.options(options)
        if let state { writer.conversionMembers(deleteBefore: state.deleteBefore, candidates: state.candidates) }
        writer.raw("}")
    }
}

extension OptionsResult: ReceivableResult {
    /// Reads either shape: with the state members (`set_options`) or without (`get_options`).
    public init(parsing result: JSONValue) throws(ReplyParseError) {
        let reader = try ResultReader(result, path: "result")
        let state = reader.has("commit") ? try StateResult(reading: reader) : nil
        self.init(state: state, options: try SessionOptions(reading: reader.object("options")))
    }
}
