/// Why input could not be read: the system's error, named for the user.
public struct InputError: Error, Equatable, CustomStringConvertible {
    /// What was being read ("standard input").
    public var source: String
    /// The system's reason, as `strerror` words it ("Is a directory").
    public var reason: String

    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }

    public var description: String { "cannot read \(source): \(reason)" }
}
