import HangulProtocol
import Synchronization

/// The settings file's current contents as every session of the daemon sees them, and what the
/// last load of it found.
///
/// One store per daemon, shared by all its sessions: a reload replaces the settings and bumps
/// ``generation``, and each open session compares the generation it has adopted with this one at
/// its next request (an atomic load, no lock on the typing path), taking the new settings at the
/// next syllable boundary. Nothing here holds typed text: the settings and the problems come from
/// the file.
public final class SettingsStore: Sendable {
    /// One load of the file: what the sessions follow, and its provenance for logs and status.
    public struct Snapshot: Sendable, Equatable {
        /// The settings sessions follow: the last file that was accepted, or the defaults.
        public var settings: ConfiguredSettings
        /// Bumped by every accepted load; a session that adopted an older one has settings to take.
        public var generation: Int
        /// The problems of the last attempt (`file:line: reason`), empty when it was accepted; a
        /// refused attempt keeps ``settings`` as they were.
        public var problems: [String]
    }

    private let state: Mutex<Snapshot>
    private let currentGeneration = Atomic<Int>(0)

    /// A store holding `settings` (generation 0).
    public init(_ settings: ConfiguredSettings = ConfiguredSettings(), problems: [String] = []) {
        self.state = Mutex(Snapshot(settings: settings, generation: 0, problems: problems))
    }

    /// The settings and their generation, read together.
    public var snapshot: Snapshot { state.withLock { $0 } }

    /// The generation of the settings now in force; cheap enough to read on every request.
    public var generation: Int { currentGeneration.load(ordering: .acquiring) }

    /// Makes `settings` the ones sessions follow; returns the new generation.
    @discardableResult
    public func replace(with settings: ConfiguredSettings) -> Int {
        state.withLock { snapshot in
            snapshot.settings = settings
            snapshot.generation += 1
            snapshot.problems = []
            currentGeneration.store(snapshot.generation, ordering: .releasing)
            return snapshot.generation
        }
    }

    /// Records a refused load: the settings stay, the problems are kept for status.
    public func refuse(problems: [String]) {
        state.withLock { $0.problems = problems }
    }
}
