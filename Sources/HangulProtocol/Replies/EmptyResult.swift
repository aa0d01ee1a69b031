/// The result of `ping`: `{}`.
public struct EmptyResult: ReplyResult, Equatable {
    public init() {}

    public func write(to writer: inout JSONWriter) { writer.raw("{}") }
}

extension EmptyResult: ReceivableResult {
    public init(parsing result: JSONValue) throws(ReplyParseError) {
        _ = try ResultReader(result, path: "result")
        self.init()
    }
}
