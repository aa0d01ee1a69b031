import HangulSystem
import Synchronization

/// One dictionary shared by every session of a process, loaded on first use or ahead of it.
///
/// The daemon's sessions all read the same immutable ``HanjaDictionary``. Typing never touches this
/// type.
///
/// Two ways to load. Made with ``init(loading:)`` (`hangul-compose`, tests), the first use loads
/// under the lock and waits for it, and sessions asking at the same moment wait for that one load.
/// Made with ``init(loading:inBackground:sleep:patience:)`` (the daemon), the load runs on another
/// thread, started by ``prepare()`` (the daemon calls it at start and after each reload) or else by
/// the first use, and a use waits at most `patience` for it: a hanja key is answered from the
/// dictionary when it is ready by then, and as if there were none when it is not, so neither a
/// huge user file (a 60 MiB unsorted one takes seconds to sort) nor an index being built holds the
/// event loop and every other session behind it (issue 23, fault 3). The next hanja key finds it
/// loaded. Loading ahead costs an idle daemon little since the indexes are mapped files (about
/// 1 MB resident; 15 MB of heap only where the cache directory cannot be written).
///
/// ``reload()`` forgets the loaded dictionary; the next lookup reads the files again (the daemon's
/// SIGHUP). Sessions keep the table they already hold until their next hanja key. A load still
/// running when ``reload()`` is called is not used: it loads again when it ends, on the same
/// thread, so one load runs at a time.
public final class HanjaDictionarySource: Sendable {
    private enum State: Sendable {
        /// Not loaded since start or the last reload.
        case idle
        /// A background load of this generation is running.
        case loading(generation: Int)
        case loaded(HanjaDictionary)
    }

    /// How the daemon runs a background load: a function that runs its argument on another thread
    /// (false when it could not), a sleep, and the longest a hanja key waits for the load.
    private struct Background: Sendable {
        let start: @Sendable (@escaping @Sendable () -> Void) -> Bool
        let sleep: @Sendable (Duration) -> Void
        let patience: Duration
    }

    private let load: @Sendable () -> HanjaDictionary
    private let background: Background?
    private let state: Mutex<(state: State, generation: Int)>

    /// A source that calls `load` on first use and after each ``reload()``, waiting for it.
    public init(loading load: @escaping @Sendable () -> HanjaDictionary) {
        self.load = load
        background = nil
        state = Mutex((.idle, 0))
    }

    /// A source that calls `load` on another thread, started by `inBackground`, on first use and
    /// after each ``reload()``; a use waits at most `patience` (checking every millisecond with
    /// `sleep`) and gets ``HanjaDictionary/empty`` when the load has not finished by then.
    /// `inBackground` returns false when it could not start a thread; the load then runs in the
    /// caller, as ``init(loading:)`` does.
    public init(
        loading load: @escaping @Sendable () -> HanjaDictionary,
        inBackground: @escaping @Sendable (@escaping @Sendable () -> Void) -> Bool,
        sleep: @escaping @Sendable (Duration) -> Void, patience: Duration
    ) {
        self.load = load
        background = Background(start: inBackground, sleep: sleep, patience: patience)
        state = Mutex((.idle, 0))
    }

    /// A source that always gives `dictionary` (tests, and callers that loaded it themselves).
    public init(_ dictionary: HanjaDictionary) {
        load = { dictionary }
        background = nil
        state = Mutex((.loaded(dictionary), 0))
    }

    /// The dictionary, loading it first when this is the first use since start or ``reload()``;
    /// in the background mode, ``HanjaDictionary/empty`` while a load takes longer than its patience.
    public var dictionary: HanjaDictionary {
        guard let background else {
            return state.withLock { current in
                if case .loaded(let dictionary) = current.state { return dictionary }
                let dictionary = load()
                current.state = .loaded(dictionary)
                return dictionary
            }
        }
        startLoading(background)
        let deadline = MonotonicInstant.now + background.patience
        while true {
            let loaded: HanjaDictionary? = state.withLock { current in
                if case .loaded(let dictionary) = current.state { return dictionary }
                return nil
            }
            if let loaded { return loaded }
            guard MonotonicInstant.now < deadline else { return .empty }
            background.sleep(.milliseconds(1))
        }
    }

    /// Starts loading in the background now, when nothing is loaded or loading, and returns at
    /// once; a source made without a background does nothing. The daemon calls it at start and
    /// after each reload, so the first hanja key finds the dictionary ready instead of waiting.
    public func prepare() {
        guard let background else { return }
        startLoading(background)
    }

    private func startLoading(_ background: Background) {
        let started: Int? = state.withLock { current in
            guard case .idle = current.state else { return nil }
            current.generation += 1
            current.state = .loading(generation: current.generation)
            return current.generation
        }
        guard let generation = started else { return }
        let load = self.load
        let loadUntilCurrent: @Sendable () -> Void = { [self] in
            var next: Int? = generation
            while let running = next { next = finish(running, with: load()) }
        }
        if !background.start(loadUntilCurrent) { loadUntilCurrent() }
    }

    /// Records a finished load, unless a reload came after it started; then returns the generation
    /// to load next, so the same thread loads again. One load runs at a time, however many reloads
    /// come while it runs (a settings file saved over and over reloads each time).
    private func finish(_ generation: Int, with dictionary: HanjaDictionary) -> Int? {
        state.withLock { current in
            guard case .loading(let running) = current.state, running == generation else { return nil }
            guard current.generation == generation else {
                current.state = .loading(generation: current.generation)
                return current.generation
            }
            current.state = .loaded(dictionary)
            return nil
        }
    }

    /// Whether the dictionary has been loaded (and not forgotten since).
    public var isLoaded: Bool {
        state.withLock { current in
            if case .loaded = current.state { return true }
            return false
        }
    }

    /// Forgets the dictionary, so the next use (or ``prepare()``) loads the files again. A load
    /// running now is not used: it loads again when it ends.
    public func reload() {
        state.withLock { current in
            current.generation += 1
            if case .loaded = current.state { current.state = .idle }
        }
    }
}
