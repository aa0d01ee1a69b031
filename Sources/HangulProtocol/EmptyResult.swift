/// The result of `ping`: `{}`.
public struct EmptyResult: ReplyResult, Equatable {
    public init() {}

    public func write(to writer: inout JSONWriter) { writer.raw("{}") }
}
