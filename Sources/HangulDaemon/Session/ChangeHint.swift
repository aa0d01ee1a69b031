import Synchronization

/// A count for the whole process that moves whenever sessions may have something to follow: new
/// settings (``SettingsStore/replace(with:layouts:)``) or a posted mode (``FocusBoard/post(_:)``).
///
/// Why: a session checks both before and after every key, and each check read a shared object on
/// the heap (the store, the board and the session's ticket to it), three lines on pages that at
/// typing speed are cold again at every key. While this count stands still, one load of the
/// program's own data answers both checks. It is a hint, never the answer: a session that sees it
/// move checks the store and the board as before, and records the count it read first only once it
/// has caught up with them, so a change is never missed, and a change in another daemon of the same
/// process (the tests run many) costs a session one full check.
enum ChangeHint {
    /// Starts at 1, not 0, so that it is initialized data (`.data`), which the link order places
    /// beside the key's other data, rather than zeroed data (`.bss`) on a page of its own.
    private static let count = Atomic<Int>(1)

    /// The count now. Read it before the store or the board: a change made after it shows next time.
    static var current: Int { count.load(ordering: .acquiring) }

    /// Called after the store or the board has recorded a change sessions must follow.
    static func advance() { count.wrappingAdd(1, ordering: .releasing) }
}
