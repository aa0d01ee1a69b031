import HangulLog
import HangulSystem
import Synchronization
import SystemPackage

/// ``EpollServer``'s loop: accepts, admits and serves every connection on the one thread that
/// runs ``run()``, level-triggered on the listening socket, each connection and a wake-up bell.
///
/// Timers are deadlines kept by the connections themselves (hello, unfinished line, final write,
/// shutdown collection) and by the loop (accept back-off, giving memory back, shutdown): the wait's
/// timeout is the nearest one, and only connections that have one are looked at for it.
final class SocketLoop<Factory: SessionFactory>: @unchecked Sendable {
    // @unchecked: after `init` everything here is touched only by the loop's own thread, except
    // `shared`, which is.

    private let epoll: Epoll
    private let listener: SystemPackage.FileDescriptor
    private let bell: WakeUpBell
    private let shared: SocketLoopControl
    private let factory: Factory
    private let configuration: ServerConfiguration
    private let limits: ConnectionStateMachine.Limits
    private let finalWriteTimeout: Duration
    private let daemonUID = UInt32(CurrentProcess.effectiveUserID)
    private let logger: DaemonLog

    private var connections = DescriptorTable<LoopConnection<Factory>>()
    /// The connections that have a deadline: the only ones the wait's timeout looks at.
    private var timed: Set<Int32> = []
    /// The one read buffer every connection reads into (see ``LoopConnection/readable(into:)``).
    private var readBuffer = [UInt8](repeating: 0, count: LoopConnection<Factory>.readSize)
    private var admittedSoFar: UInt64 = 0
    private var memoryReturn = MemoryReturnGauge()
    private var memoryReturnAt: MonotonicInstant?
    private var acceptPausedUntil: MonotonicInstant?
    private var acceptFailures = AcceptFailureCount()
    private var shutdownDeadline: MonotonicInstant?

    init(
        listener: SystemPackage.FileDescriptor, bell: WakeUpBell, shared: SocketLoopControl, factory: Factory,
        configuration: ServerConfiguration, logger: DaemonLog
    ) throws(SystemCallError) {
        self.epoll = try Epoll()
        self.listener = listener
        self.bell = bell
        self.shared = shared
        self.factory = factory
        self.configuration = configuration
        self.limits = configuration.connectionLimits
        self.finalWriteTimeout = configuration.finalWriteTimeout
        self.logger = logger
        try self.epoll.add(listener.rawValue, .readable)
        try self.epoll.add(bell.descriptor, .readable)
    }

    /// Serves until a stop is asked for and every connection has closed.
    func run() {
        CurrentThread.setName("hanguld-loop")
        while true {
            let timeout = self.nextDeadline.map { MonotonicInstant.now.milliseconds(until: $0) } ?? -1
            var acceptNow = false
            var stopNow = false
            do {
                try self.epoll.wait(timeoutMilliseconds: timeout) { event in
                    if event.descriptor == self.listener.rawValue {
                        acceptNow = true
                    } else if event.descriptor == self.bell.descriptor {
                        self.bell.silence()
                        stopNow = self.shared.stopRequested
                    } else {
                        self.handle(event)
                    }
                }
            } catch {
                self.logger.critical("the event loop failed; stopping", metadata: ["error": "\(error)"])
                stopNow = true
            }
            if acceptNow || (stopNow && self.shutdownDeadline == nil) {
                self.acceptWaiting()
            }
            if stopNow, self.shutdownDeadline == nil {
                self.beginShutdown()
            }
            if self.hasTimers {
                self.deadlinesPassed(now: .now)
            }
            if self.shutdownDeadline != nil, self.connections.isEmpty {
                break
            }
        }
        self.shared.finished()
    }

    // MARK: Connections

    private func handle(_ event: Epoll.Event) {
        guard let connection = self.connections[event.descriptor] else {
            return
        }
        if event.isReadable {
            connection.readable(into: &self.readBuffer)
        } else if event.isHangUpOrError {
            connection.hungUp()
        }
        if event.isWritable, !connection.isClosed {
            connection.writable()
        }
        self.settle(connection)
    }

    /// After any event of `connection`: forget it when it closed, else keep epoll and the timer
    /// set in line with what it now waits for.
    private func settle(_ connection: LoopConnection<Factory>) {
        let fd = connection.descriptor.rawValue
        if connection.isClosed {
            // Closing the descriptor took it out of epoll.
            self.connections[fd] = nil
            self.timed.remove(fd)
            let open = self.connections.count
            self.shared.active.store(open, ordering: .relaxed)
            connection.logClosed(active: open)
            if self.memoryReturn.isDue(open: open), self.memoryReturnAt == nil {
                // Once the sessions are freed, their memory goes back to the system (issue 25).
                self.memoryReturnAt = .now + .milliseconds(100)
            }
            return
        }
        let interest = connection.interest
        if connection.registeredInterest != interest {
            connection.registeredInterest = interest
            do {
                try self.epoll.modify(fd, interest)
            } catch {
                self.logger.error("cannot watch a connection; closing it", metadata: ["error": "\(error)"])
                connection.close()
                self.settle(connection)
                return
            }
        }
        if connection.nextDeadline != nil {
            self.timed.insert(fd)
        } else if !self.timed.isEmpty {
            self.timed.remove(fd)
        }
    }

    /// Accepts what waits in the backlog (a few at a time: level-triggered, the rest come next).
    private func acceptWaiting() {
        for _ in 0..<(self.shutdownDeadline == nil ? 16 : Int.max) {
            let accepted: SystemPackage.FileDescriptor?
            do {
                accepted = try self.listener.acceptNonBlocking()
            } catch {
                if let count = self.acceptFailures.record(at: .now) {
                    self.logger.error(
                        "accepting connections failed",
                        metadata: ["error": "\(error)", "failures": "\(count)", "retry-after": "100 ms"])
                }
                // Out of descriptors or memory the socket stays readable: rest rather than spin.
                self.epoll.remove(self.listener.rawValue)
                self.acceptPausedUntil = .now + AcceptFailureCount.pause
                return
            }
            guard let accepted else {
                return
            }
            self.admit(accepted)
        }
    }

    /// Serves `descriptor`, tells it it is one too many, or refuses it: the peer's uid first, so
    /// another user learns nothing (not even the session limit) before being cut off.
    private func admit(_ descriptor: SystemPackage.FileDescriptor) {
        let credentials: PeerCredentials?
        do {
            credentials = try PeerCredentials.of(descriptor: descriptor)
        } catch {
            self.logger.error("cannot read peer credentials", metadata: ["error": "\(error)"])
            credentials = nil
        }
        switch PeerPolicy.decide(peer: credentials, daemonUID: self.daemonUID) {
        case .accept:
            break
        case .refuseOtherUser(let uid):
            self.logger.warning("refused a connection from another user", metadata: ["uid": "\(uid)"])
            try? descriptor.close()
            return
        case .refuseUnknownPeer:
            self.logger.warning("refused a connection whose peer credentials are unknown")
            try? descriptor.close()
            return
        }
        guard self.connections.count < self.configuration.maxSessions else {
            self.logger.notice(
                "refused a connection over the session limit",
                metadata: ["limit": "\(self.configuration.maxSessions)"])
            // A fresh socket's buffer takes the one short line whole.
            let reply = self.factory.reply(for: .tooManySessions(limit: self.configuration.maxSessions))
            _ = reply.withUnsafeBytes { descriptor.sendSome($0) }
            try? descriptor.close()
            return
        }
        self.admittedSoFar += 1
        var logger = self.logger
        logger[metadataKey: "connection"] = "\(self.admittedSoFar)"
        let connection = LoopConnection(
            descriptor: descriptor, factory: self.factory, limits: self.limits,
            finalWriteTimeout: self.finalWriteTimeout, logger: logger, now: .now)
        do {
            try self.epoll.add(descriptor.rawValue, .readable)
        } catch {
            self.logger.error("cannot watch a new connection; closing it", metadata: ["error": "\(error)"])
            try? descriptor.close()
            return
        }
        let fd = descriptor.rawValue
        self.connections[fd] = connection
        let open = self.connections.count
        self.shared.active.store(open, ordering: .relaxed)
        self.memoryReturn.opened(open: open)
        logger.info("connection opened", metadata: ["active": "\(open)"])
        if self.shutdownDeadline != nil {
            connection.drain()
        }
        self.settle(connection)
    }

    // MARK: Time

    private var hasTimers: Bool {
        !self.timed.isEmpty || self.acceptPausedUntil != nil || self.memoryReturnAt != nil
            || self.shutdownDeadline != nil
    }

    /// The nearest deadline of the loop or of a connection; nil when nothing is timed.
    private var nextDeadline: MonotonicInstant? {
        guard self.hasTimers else {
            return nil
        }
        var nearest = [self.acceptPausedUntil, self.memoryReturnAt, self.shutdownDeadline].compactMap { $0 }.min()
        for fd in self.timed {
            if let deadline = self.connections[fd]?.nextDeadline {
                nearest = min(nearest ?? deadline, deadline)
            }
        }
        return nearest
    }

    private func deadlinesPassed(now: MonotonicInstant) {
        if let paused = self.acceptPausedUntil, paused <= now, self.shutdownDeadline == nil {
            self.acceptPausedUntil = nil
            try? self.epoll.add(self.listener.rawValue, .readable)
        }
        if let due = self.memoryReturnAt, due <= now {
            self.memoryReturnAt = nil
            CurrentProcess.returnFreedMemory()
        }
        for fd in self.timed {
            guard let connection = self.connections[fd] else { continue }
            if let deadline = connection.nextDeadline, deadline <= now {
                connection.deadlinesPassed(now: now)
                self.settle(connection)
            }
        }
        if let end = self.shutdownDeadline, end <= now {
            for connection in self.connections.values {
                connection.close()
                self.settle(connection)
            }
        }
    }

    // MARK: Shutdown

    /// Stops accepting (those waiting in the backlog were just accepted: they sent their requests
    /// and are answered like the others), then asks every connection to drain.
    private func beginShutdown() {
        if self.acceptPausedUntil == nil {
            self.epoll.remove(self.listener.rawValue)
        }
        self.acceptPausedUntil = nil
        try? self.listener.close()
        self.shutdownDeadline = .now + self.configuration.shutdownTimeout
        self.logger.info("stopped accepting; draining connections", metadata: ["active": "\(self.connections.count)"])
        for connection in self.connections.values {
            connection.drain()
            self.settle(connection)
        }
    }
}

/// What other threads read or ask of the loop.
final class SocketLoopControl: Sendable {
    /// Connections being served, for `status` and the log.
    let active = Atomic<Int>(0)
    private let stop = Mutex<(requested: Bool, finished: Bool, then: (@Sendable () -> Void)?)>((false, false, nil))

    /// Asks the loop to stop; `then` runs once it has (on the loop's thread, or on this one when
    /// the loop has already finished).
    func requestStop(then: @escaping @Sendable () -> Void) {
        let finished = self.stop.withLock { stop in
            stop.requested = true
            if stop.finished { return true }
            stop.then = then
            return false
        }
        if finished { then() }
    }

    var stopRequested: Bool { self.stop.withLock { $0.requested } }

    func finished() {
        let then = self.stop.withLock { stop in
            stop.finished = true
            defer { stop.then = nil }
            return stop.then
        }
        then?()
    }
}
