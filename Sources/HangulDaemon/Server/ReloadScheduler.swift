import HangulSystem
import Synchronization

/// Runs reloads one at a time, off the caller's thread, merging the requests that arrive while one
/// runs into a single run after it.
///
/// A reload reads every layout file and the settings file; SIGHUP, the directory watcher and the
/// protocol's `reload` may all ask for one, and a client may ask a thousand times. Queued one per
/// request, a flood held the next `hangulctl config set` past its 10 s patience and SIGTERM
/// behind it (issue 23, fault 6). Here there is at most one run going and one more owed: a request
/// made during a run is served by the next, which reads the files as they are by then, so nothing
/// asked for is missed and nothing is read twice for nothing. Requests return at once, so the
/// signal loop never waits for a reload.
final class ReloadScheduler: Sendable {
    private struct State {
        var running = false
        /// Causes asked for while a run was going, for the next run's log line.
        var owed: [String] = []
    }

    private let state = Mutex(State())
    private let work: @Sendable (String) -> Void

    /// `work` runs one reload; its argument names what asked for it, for the log.
    init(_ work: @escaping @Sendable (String) -> Void) {
        self.work = work
    }

    /// Asks for a reload and returns at once.
    func request(_ cause: String) {
        let starts = state.withLock { state in
            if state.running {
                if !state.owed.contains(cause) { state.owed.append(cause) }
                return false
            }
            state.running = true
            return true
        }
        guard starts else { return }
        do throws(SystemCallError) {
            try DetachedThread.start {
                Signals.blockAsynchronousSignalsInThisThread()
                self.drain(first: cause)
            }
        } catch {
            drain(first: cause)  // no thread to spare: run it here rather than not at all
        }
    }

    /// Runs reloads until none is owed.
    private func drain(first: String) {
        var cause = first
        while true {
            work(cause)
            let next = state.withLock { state -> String? in
                guard !state.owed.isEmpty else {
                    state.running = false
                    return nil
                }
                defer { state.owed = [] }
                return state.owed.joined(separator: ", ")
            }
            guard let next else { return }
            cause = next
        }
    }
}
