import HangulSystem
import Logging
import NIOCore

/// Decides, for each accepted connection, whether it is served, told it is one too many, or refused.
///
/// Runs on the new connection's event loop before it is registered. Order matters: the peer's uid is
/// checked first, so another user learns nothing (not even the session limit) before being cut off.
struct ConnectionInitializer<Factory: SessionFactory>: Sendable {
    let factory: Factory
    let configuration: ServerConfiguration
    let registry: ConnectionRegistry
    let daemonUID: UInt32
    let logger: Logger

    func initialize(_ channel: Channel) -> EventLoopFuture<Void> {
        PeerCredentials.of(channel: channel)
            .map { Optional($0) }
            .recover { error in
                self.logger.error(
                    "cannot read peer credentials",
                    metadata: ["error": "\(LoggableError.describe(error))"]
                )
                return nil
            }
            .flatMapThrowing { credentials in
                try self.admit(channel, credentials: credentials)
            }
    }

    private func admit(_ channel: Channel, credentials: PeerCredentials?) throws {
        switch PeerPolicy.decide(peer: credentials, daemonUID: self.daemonUID) {
        case .accept:
            break
        case .refuseOtherUser(let uid):
            self.logger.warning("refused a connection from another user", metadata: ["uid": "\(uid)"])
            throw ConnectionRefused()
        case .refuseUnknownPeer:
            self.logger.warning("refused a connection whose peer credentials are unknown")
            throw ConnectionRefused()
        }

        let finalWriteTimeout = TimeAmount(self.configuration.finalWriteTimeout)
        switch self.registry.admit(channel, limit: self.configuration.maxSessions) {
        case .admitted(let id, let active):
            // Counted out again even if this connection never becomes active.
            // When most connections have closed, their memory goes back to the system a moment
            // later, once the channels and sessions have been freed (issue 25).
            channel.closeFuture.whenComplete { [registry] _ in
                registry.remove(channel)
                if registry.isMemoryReturnDue() {
                    channel.eventLoop.scheduleTask(in: .milliseconds(100)) { CurrentProcess.returnFreedMemory() }
                }
            }
            var logger = self.logger
            logger[metadataKey: "connection"] = "\(id)"
            logger.info("connection opened", metadata: ["active": "\(active)"])
            let operations = channel.pipeline.syncOperations
            try operations.addHandler(
                SessionHandler(
                    factory: self.factory,
                    limits: self.configuration.connectionLimits,
                    finalWriteTimeout: finalWriteTimeout,
                    registry: self.registry,
                    logger: logger,
                    now: channel.eventLoop.now
                )
            )
        case .full:
            self.logger.notice(
                "refused a connection over the session limit",
                metadata: ["limit": "\(self.configuration.maxSessions)"]
            )
            let reply = self.factory.reply(for: .tooManySessions(limit: self.configuration.maxSessions))
            try channel.pipeline.syncOperations.addHandler(
                RejectionHandler(reply: reply, finalWriteTimeout: finalWriteTimeout)
            )
        case .shuttingDown:
            throw ConnectionRefused()
        }
    }
}
