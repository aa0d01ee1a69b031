import HangulSystem
import Synchronization
import SystemPackage

/// Starts `hanguld` when no daemon listens on the socket, as fcitx5-mozc starts mozc_server.
///
/// Only when the socket file is missing or refuses connections: a socket that accepts them belongs
/// to a running daemon or to systemd's socket activation, which starts the daemon itself. The daemon
/// runs in a session of its own so it outlives this engine (an `ibus restart` does not take everyone's
/// sessions down), started by HangulSystem's one spawn function with no descriptor of the engine's
/// but the standard ones; a thread here reaps it if it exits while we run. One start per 2 seconds at most,
/// for the whole process, so a daemon that cannot start is not restarted in a tight loop.
enum DaemonLauncher {
    private static let lastStart = Mutex<MonotonicInstant?>(nil)

    /// Whether nothing answers at `path`: no file there, or a file nobody listens on (a dead daemon's).
    static func nobodyListens(at path: String) -> Bool {
        do throws(SystemCallError) {
            let socket = try FileDescriptor.connectedUnixSocket(path: path)
            try? socket.close()
            return false
        } catch {
            return error.errno == .noSuchFileOrDirectory || error.errno == .connectionRefused
        }
    }

    /// Starts `executable --socket path` unless one was started in the last 2 seconds; returns
    /// whether it started one.
    static func start(executable: String, socketPath: String) -> Bool {
        let now = MonotonicInstant.now
        let allowed = lastStart.withLock { last -> Bool in
            if let last, now - last < .seconds(2) { return false }
            last = now
            return true
        }
        guard allowed,
            let child = try? ChildProcess.spawn(
                executable, arguments: ["--socket", socketPath], setup: .init(newSession: true))
        else { return false }
        // Reaped on a thread of its own (not Dispatch's, whose pool would then wake the engine once a
        // second for good); without one the child stays a zombie until the engine exits.
        try? DetachedThread.start { _ = try? child.waitForTermination() }
        return true
    }
}
