/// A method's successful result, written as the `result` object of a reply.
///
/// Each conforming type writes its members in one documented order, so replies are exact lines.
public protocol ReplyResult: Sendable {
    /// Appends the `result` object (braces included).
    func write(to writer: inout JSONWriter)
}
