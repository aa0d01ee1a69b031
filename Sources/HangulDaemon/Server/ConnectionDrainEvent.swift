/// Sent down every connection's pipeline when the server shuts down: answer what was received, then close.
struct ConnectionDrainEvent: Sendable {}
