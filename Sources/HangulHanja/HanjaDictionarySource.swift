import Synchronization

/// One dictionary shared by every session of a process, loaded on first use.
///
/// The daemon's sessions all read the same immutable ``HanjaDictionary``. Loading the system
/// `hanja.txt` costs about 16 MB and 13 ms, so it happens on the first hanja key of any session, not
/// at start: a daemon whose users never convert keeps its idle footprint, and the first conversion
/// waits once. The load runs under the lock, so sessions pressing their first hanja key at the same
/// moment wait for one load rather than each starting their own. Typing never touches this type.
///
/// ``reload()`` forgets the loaded dictionary; the next lookup reads the files again (the daemon's
/// SIGHUP). Sessions keep the table they already hold until their next hanja key.
public final class HanjaDictionarySource: Sendable {
    private let load: @Sendable () -> HanjaDictionary
    private let loaded: Mutex<HanjaDictionary?>

    /// A source that calls `load` on first use and after each ``reload()``.
    public init(loading load: @escaping @Sendable () -> HanjaDictionary) {
        self.load = load
        loaded = Mutex(nil)
    }

    /// A source that always gives `dictionary` (tests, and callers that loaded it themselves).
    public init(_ dictionary: HanjaDictionary) {
        load = { dictionary }
        loaded = Mutex(dictionary)
    }

    /// The dictionary, loading it first when this is the first use since start or ``reload()``.
    public var dictionary: HanjaDictionary {
        loaded.withLock { loaded in
            if let dictionary = loaded { return dictionary }
            let dictionary = load()
            loaded = dictionary
            return dictionary
        }
    }

    /// Whether the dictionary has been loaded (and not forgotten since).
    public var isLoaded: Bool { loaded.withLock { $0 != nil } }

    /// Forgets the dictionary, so the next use loads the files again.
    public func reload() {
        loaded.withLock { $0 = nil }
    }
}
