import NIOCore
import Synchronization

/// The connections being served, across event loops: counts them against the session limit and lets
/// shutdown reach every one of them.
final class ConnectionRegistry: Sendable {
    /// The outcome of asking to serve one more connection.
    enum Admission: Equatable {
        /// Serve it as connection number `id` (for logs); `active` includes it.
        case admitted(id: UInt64, active: Int)
        /// `limit` connections are already served.
        case full
        /// The server is shutting down and takes no new connections.
        case shuttingDown
    }

    private struct State {
        var channels: [ObjectIdentifier: Channel] = [:]
        var shuttingDown = false
        var admittedSoFar: UInt64 = 0
        var memoryReturn = MemoryReturnGauge()
    }

    private let state = Mutex(State())

    /// How many connections are being served now.
    var count: Int {
        self.state.withLock { $0.channels.count }
    }

    /// Counts `channel` in unless that would exceed `limit` or shutdown has begun; checking and adding
    /// under one lock keeps concurrent accepts on several event loops from overshooting the limit.
    func admit(_ channel: Channel, limit: Int) -> Admission {
        self.state.withLock { state in
            if state.shuttingDown {
                return .shuttingDown
            }
            guard state.channels.count < limit else {
                return .full
            }
            state.channels[ObjectIdentifier(channel)] = channel
            state.memoryReturn.opened(open: state.channels.count)
            state.admittedSoFar += 1
            return .admitted(id: state.admittedSoFar, active: state.channels.count)
        }
    }

    /// Counts `channel` out; returns how many remain, or nil if it was not (or no longer) counted.
    @discardableResult
    func remove(_ channel: Channel) -> Int? {
        self.state.withLock { state in
            guard state.channels.removeValue(forKey: ObjectIdentifier(channel)) != nil else {
                return nil
            }
            return state.channels.count
        }
    }

    /// Whether enough connections have closed since memory was last given back that it is time to
    /// give it back again (``MemoryReturnGauge``).
    func isMemoryReturnDue() -> Bool {
        self.state.withLock { state in state.memoryReturn.isDue(open: state.channels.count) }
    }

    /// The fewest closed connections worth giving memory back for: one session holds a few kB.
    static var memoryReturnMinimum: Int { MemoryReturnGauge.minimum }

    /// Refuses all further admissions and returns the connections served at this moment.
    func beginShutdown() -> [Channel] {
        self.state.withLock { state in
            state.shuttingDown = true
            return Array(state.channels.values)
        }
    }
}
