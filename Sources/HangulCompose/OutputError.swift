/// Why output could not be written: the system's error, named for the user.
public struct OutputError: Error, Equatable, CustomStringConvertible {
    /// What was being written ("standard output").
    public var destination: String
    /// The system's reason, as `strerror` words it ("No space left on device").
    public var reason: String

    public init(destination: String, reason: String) {
        self.destination = destination
        self.reason = reason
    }

    public var description: String { "cannot write to \(destination): \(reason)" }
}
