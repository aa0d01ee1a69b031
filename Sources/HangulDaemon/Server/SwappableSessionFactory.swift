import Synchronization

/// A session factory that can be replaced while the server runs: what SIGHUP's reload swaps.
///
/// Sessions already open keep what their factory gave them (their layouts, for the protocol
/// session); connections accepted after the swap get sessions from the new factory.
final class SwappableSessionFactory<Factory: SessionFactory>: SessionFactory {
    private let current: Mutex<Factory>

    init(_ factory: Factory) {
        self.current = Mutex(factory)
    }

    /// Makes `factory` the one new connections get their sessions from.
    func replace(with factory: Factory) {
        self.current.withLock { $0 = factory }
    }

    func makeSession() -> Factory.Session {
        self.current.withLock { $0.makeSession() }
    }

    func reply(for rejection: ConnectionRejection) -> [UInt8] {
        self.current.withLock { $0.reply(for: rejection) }
    }
}
