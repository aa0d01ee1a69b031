/// A command line that asks for something that cannot be done (an unknown layout or option, a
/// broken `--layout-file`): the parser program reports it as swift-argument-parser reports its own
/// `ValidationError` (the message, the usage, exit status 64), which this library cannot name,
/// since the fast `hangul-compose` links it without the parser.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
