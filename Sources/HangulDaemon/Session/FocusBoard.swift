import HangulKeys
import HangulProtocol
import Synchronization

/// Which session's field has the focus, and the modes `mode-scope` keeps, shared by every session
/// of the daemon (PROTOCOL.md sections 6.17 and 6.18).
///
/// Frontends say `set_focus` when a field gains or loses the focus; the board remembers the last
/// session that gained it, and the mode kept for each scope key: one key for every field
/// (`global`), one per application, or one per field. A field that gains the focus takes the mode
/// kept for its key, and the focused session writes its mode back whenever it changes, so the next
/// field under the same key follows. `focused_mode` (`hangulctl mode`) posts a mode for the focused
/// session, which takes it at its next request when nothing is being composed; a posting advances
/// the process's ``ChangeHint``, so a session checks the board only when that has moved. Nothing
/// here holds text, and names are kept only as keys of a bounded table.
public final class FocusBoard: Sendable {
    private struct State {
        var focused: Int?
        var focusedKey = ""
        var focusedMode: InputMode = .hangul
        var modes: [String: InputMode] = [:]
        var posted: (session: Int, mode: InputMode)?
    }

    /// The most scope keys kept; past it the table starts again (the modes kept are a convenience).
    static let maxKeys = 4096

    private let state = Mutex(State())
    private let postings = Atomic<Int>(0)
    private let lastSessionID = Atomic<Int>(0)

    public init() {}

    /// A new session's id on this board.
    func newSessionID() -> Int { lastSessionID.add(1, ordering: .relaxed).newValue }

    /// How many modes were ever posted: a session compares it with the count it last saw.
    var postingCount: Int { postings.load(ordering: .acquiring) }

    /// `session` gained the focus under `key` with `mode`; returns the mode kept for `key`, which
    /// the session takes, or nil when none is kept yet (then `mode` is kept).
    func focus(session: Int, key: String, mode: InputMode) -> InputMode? {
        state.withLock { state in
            state.focused = session
            state.focusedKey = key
            if let posted = state.posted, posted.session != session { state.posted = nil }
            let kept = state.modes[key]
            state.focusedMode = kept ?? mode
            remember(key, kept ?? mode, in: &state)
            return kept
        }
    }

    /// `session` lost the focus (or closed); the board forgets it when it was the focused one.
    func blur(session: Int) {
        state.withLock { state in
            guard state.focused == session else { return }
            state.focused = nil
            state.posted = nil
        }
    }

    /// The focused `session`'s mode changed: kept for its key.
    func publish(session: Int, key: String, mode: InputMode) {
        state.withLock { state in
            remember(key, mode, in: &state)
            if state.focused == session { state.focusedMode = mode }
        }
    }

    /// The focused field's mode after `change` (posted for its session to take), or nil when no
    /// field has the focus; with no change, only reads it.
    func post(_ change: ModeChange?) -> InputMode? {
        let mode: InputMode? = state.withLock { state in
            guard let focused = state.focused else { return nil }
            guard let change else { return state.focusedMode }
            let mode: InputMode =
                switch change {
                case .hangul: .hangul
                case .latin: .latin
                case .toggle: state.focusedMode.toggled
                }
            state.focusedMode = mode
            state.posted = (focused, mode)
            remember(state.focusedKey, mode, in: &state)
            return mode
        }
        if change != nil, mode != nil {
            postings.add(1, ordering: .releasing)
            ChangeHint.advance()
        }
        return mode
    }

    /// The mode posted for `session`, taken (nil when none is).
    func take(session: Int) -> InputMode? {
        state.withLock { state in
            guard let posted = state.posted, posted.session == session else { return nil }
            state.posted = nil
            return posted.mode
        }
    }

    private func remember(_ key: String, _ mode: InputMode, in state: inout State) {
        if state.modes[key] == nil, state.modes.count >= Self.maxKeys { state.modes.removeAll(keepingCapacity: true) }
        state.modes[key] = mode
    }
}

/// A session's place on the board; when the session goes (its connection closed), so does its focus.
final class FocusTicket: Sendable {
    let board: FocusBoard
    let session: Int

    init(board: FocusBoard) {
        self.board = board
        self.session = board.newSessionID()
    }

    deinit { board.blur(session: session) }
}
