/// One parsed request line: its id (nil for a notification) and its method with typed parameters.
///
/// Parsing is a pure function of the line (see ``parse(line:)-([UInt8])``); whether the method is
/// allowed now (hello first) and what it does belong to the daemon's session.
public struct Request: Equatable, Sendable {
    /// The id to echo in the reply; nil makes the request a notification, which gets no reply.
    public var id: RequestID?
    public var method: Method

    public init(id: RequestID?, method: Method) {
        self.id = id
        self.method = method
    }

    /// Whether this is a notification (no `id`): its effects happen, but nothing is sent back.
    public var isNotification: Bool { id == nil }
}
