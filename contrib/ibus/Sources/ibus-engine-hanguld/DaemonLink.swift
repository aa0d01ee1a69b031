import HangulClient
import HangulFrontendContract
import HangulKeys
import HangulProtocol
import HangulSystem
import Synchronization

/// One input context's session with `hanguld`: the only place the engine talks to the daemon.
///
/// Every call either returns the daemon's answer or `nil`, which means "fail open": the caller
/// commits what it shows and lets the key through (PROTOCOL.md section 8). A call that fails or
/// misses the deadline drops the connection at once, since a late reply would put every later
/// one out of step; a new connection is then made on a background thread, retried every second
/// until the daemon answers, so a stopped or missing daemon never blocks a keystroke for more than
/// the deadline, once, and typing composes again as soon as the daemon is back. A daemon that misses
/// the deadline makes every field of the engine pass keys through at once for a while, by the
/// frontends' one rule (``ReconnectRule``, PROTOCOL.md section 8.2), so a daemon that answers `hello`
/// but is slow on keys does not cost each keystroke a deadline. A new session starts
/// in Hangul mode with the options the daemon serves (its defaults, or the user's settings file), so
/// the link sends back only what the user changed in this field: Latin mode and a password field.
final class DaemonLink {
    /// A connection being made on a background thread, retried until it succeeds or the input
    /// context goes away; `client` is written before `done` is signalled.
    private final class Attempt: @unchecked Sendable {
        let done: Latch
        var client: HangulClient?
        let isAbandoned = Atomic<Bool>(false)

        init(done: Latch) {
            self.done = done
        }
    }

    /// The back-off after a timeout, one for the whole engine: every field waits it out together.
    private static let reconnectRule = Mutex(ReconnectRule())

    private let configuration: EngineConfiguration
    private var client: HangulClient?
    private var attempt: Attempt?
    /// Until the first connection has failed, a key waits (up to the deadline) for the connection
    /// being made, so the first key typed into a new field composes.
    private var hasFailed = false
    /// What to restore on a new session.
    private var wantsLatin = false
    private var wantsPassword = false
    /// The focus as last told (or to be told): a field that has it says so again to a new session.
    private var focus = FocusChange(focused: false, application: "", field: "")

    init(configuration: EngineConfiguration) {
        self.configuration = configuration
        startAttempt()
    }

    deinit {
        attempt?.isAbandoned.store(true, ordering: .relaxed)
    }

    /// The session's hanja keys (PROTOCOL.md section 9.5): the daemon's defaults or the user's
    /// settings, as `hello` reported them and as a reload changes them; empty while disconnected.
    private(set) var hanjaKeys: [KeyChord] = []
    /// The session's fix keys (section 9.7), kept as ``hanjaKeys`` are.
    private(set) var fixKeys: [KeyChord] = []

    func key(_ event: KeyEvent) -> KeyReply? {
        perform(.key(event))
    }

    /// A press and its release of a key the engine types itself (the candidate window's buttons map
    /// to the keys the daemon's list answers); the release keeps the daemon's record of held keys
    /// (section 9.4) clean. Returns the press's reply.
    func stroke(keysym: UInt32) -> KeyReply? {
        guard let press = key(KeyEvent(keysym: Keysym(rawValue: keysym))) else { return nil }
        _ = key(KeyEvent(keysym: Keysym(rawValue: keysym), isRelease: true))
        return press
    }

    /// Whether a press is one of the session's hanja keys. Adopts a connection made meanwhile first,
    /// since the keys come with its `hello`: a hanja key may be the first key of a session.
    func isHanjaKey(keysym: UInt32, modifiers: UInt32) -> Bool {
        guard currentClient() != nil else { return false }
        let keysym = Keysym(rawValue: keysym)
        let modifiers = ModifierMask(rawValue: modifiers)
        return hanjaKeys.contains { $0.matches(keysym: keysym, modifiers: modifiers) }
    }

    /// Whether a press is one of the session's fix keys, as ``isHanjaKey(keysym:modifiers:)`` asks.
    func isFixKey(keysym: UInt32, modifiers: UInt32) -> Bool {
        guard currentClient() != nil else { return false }
        let keysym = Keysym(rawValue: keysym)
        let modifiers = ModifierMask(rawValue: modifiers)
        return fixKeys.contains { $0.matches(keysym: keysym, modifiers: modifiers) }
    }

    /// Sends the text around the cursor for the hanja key about to be sent; `false` when the daemon
    /// failed meanwhile (the link is then dropped, as for any call).
    func setSurroundingText(_ excerpt: SurroundingExcerpt) -> Bool {
        guard let client = currentClient() else { return false }
        do {
            _ = try client.setSurroundingText(beforeCursor: excerpt.beforeCursor, selection: excerpt.selection)
            Self.reconnectRule.withLock { $0.answered() }
            return true
        } catch {
            failed(error)
            return false
        }
    }

    /// Picks the candidate at `index` of the whole list (a click in the candidate window).
    func selectCandidate(_ index: Int) -> KeyReply? {
        perform(.selectCandidate(index))
    }

    /// Drops the preedit: the client already committed what it showed (focus out, reset). Closes an
    /// open candidate list too (any state change does, section 9.5).
    func cancel() {
        guard client != nil else { return }
        _ = perform(.cancel)
    }

    /// Tells the daemon the field gained or lost the focus (PROTOCOL.md section 6.17), so that
    /// `hangulctl mode` reaches it and `mode-scope` can keep a mode per application or field. Only
    /// to a daemon that lists `set_focus` (an older one would refuse it, and a refusal drops the
    /// link); nil when not sent.
    /// The focus is remembered either way, and said again to a new session after a break (``restore(_:)``).
    func setFocus(_ focused: Bool, application: String, field: String) -> KeyReply? {
        let bounded = { (name: String) in name.utf8.count <= FocusChange.maxBytes ? name : "" }
        focus = FocusChange(
            focused: focused, application: focused ? bounded(application) : "", field: focused ? bounded(field) : "")
        guard let client = currentClient(), client.hello.methods.contains(.setFocus) else { return nil }
        return perform(.setFocus(focus))
    }

    /// Commits the preedit (engine switch).
    func reset() -> KeyReply? {
        guard client != nil else { return nil }
        return perform(.reset)
    }

    /// Flips Hangul and Latin mode (the panel's 한/A button).
    func toggle() -> KeyReply? {
        perform(.toggle)
    }

    func setContentType(password: Bool) -> KeyReply? {
        wantsPassword = password
        return perform(.setContentType(password ? .password : .normal))
    }

    // MARK: - Connection

    /// Sends a method whose reply carries state; any failure drops the connection. That includes a
    /// refusal, which would mean the engine and the daemon disagree about the session (a click is
    /// checked against the page shown before it is sent): a new session is the way back in step.
    private func perform(_ method: Request.Method) -> KeyReply? {
        guard let client = currentClient() else { return nil }
        do {
            let state = try client.call(method, as: StateReply.self)
            Self.reconnectRule.withLock { $0.answered() }
            if !wantsPassword { wantsLatin = state.reply.mode == .latin }
            if let keys = state.hanjaKeys { hanjaKeys = keys }
            if let keys = state.fixKeys { fixKeys = keys }
            return state.reply
        } catch {
            failed(error)
            return nil
        }
    }

    /// A call failed: a timeout starts or lengthens the back-off; any failure drops the connection.
    private func failed(_ error: ClientError) {
        if case .timedOut = error {
            Self.reconnectRule.withLock { $0.timedOut(at: .now) }
        }
        drop()
    }

    /// The live client, adopting one the background attempt has made; `nil` while there is none.
    private func currentClient() -> HangulClient? {
        if Self.reconnectRule.withLock({ $0.isSilent(at: .now) }) {
            // The caller fails open and commits what it shows; the daemon's session, which still
            // holds it, must not be used again.
            if client != nil { drop() }
            return nil
        }
        if let client { return client }
        if let attempt {
            let waited = attempt.done.wait(
                timeout: hasFailed ? .zero : .milliseconds(configuration.deadlineMilliseconds))
            guard waited else {
                hasFailed = true
                return nil
            }
            self.attempt = nil
            if let fresh = attempt.client, restore(fresh) {
                // Its `hello` (and what was restored) came in time: a result ends the back-off.
                Self.reconnectRule.withLock { $0.answered() }
                client = fresh
                hanjaKeys = fresh.hello.options.keys(.hanjaKeys)
                fixKeys = fresh.hello.options.keys(.fixKeys)
                return fresh
            }
            hasFailed = true
        }
        startAttempt()
        return nil
    }

    /// Sends a new session what the user had; `false` when the daemon fails meanwhile.
    private func restore(_ fresh: HangulClient) -> Bool {
        do {
            if wantsLatin { _ = try fresh.setMode(.latin) }
            if wantsPassword { _ = try fresh.setContentType(.password) }
            // After the mode, so a new daemon's scope starts from the user's; a daemon that lost our
            // old session lost its focus too, and `hangulctl mode` would not reach this field.
            if focus.focused, fresh.hello.methods.contains(.setFocus) {
                let state = try fresh.call(.setFocus(focus), as: StateReply.self)
                if !wantsPassword { wantsLatin = state.reply.mode == .latin }
            }
            return true
        } catch {
            // A key waits for these: a timeout counts as any other (PROTOCOL.md 8.2, rule 2).
            if case .timedOut = error {
                Self.reconnectRule.withLock { $0.timedOut(at: .now) }
            }
            return false
        }
    }

    private func drop() {
        client = nil
        hanjaKeys = []
        fixKeys = []
        hasFailed = true
        startAttempt()
    }

    /// Starts a connection attempt unless one is under way. When no eventfd or thread can be made
    /// (descriptors or threads exhausted) there is none, keys pass through, and a later key tries again.
    private func startAttempt() {
        guard attempt == nil, case .success(let path) = configuration.socketPath, let done = try? Latch() else {
            return
        }
        let attempt = Attempt(done: done)
        let deadline = configuration.deadlineMilliseconds
        let hanguld = configuration.hanguldPath
        do {
            try DetachedThread.start { Self.run(attempt, path: path, deadline: deadline, hanguld: hanguld) }
            self.attempt = attempt
        } catch {}
    }

    /// Tries now and then once a second, on its own thread, until connected or abandoned. Not on
    /// Dispatch's global queues, as before: once a process has used them their worker pool stays,
    /// and its monitor woke the idle engine once a second for good (`strace`: a `timerfd` re-armed
    /// every second).
    private static func run(_ attempt: Attempt, path: String, deadline: Int, hanguld: String?) {
        while !attempt.isAbandoned.load(ordering: .relaxed) {
            if let client = connect(path: path, deadline: deadline, hanguld: hanguld) {
                attempt.client = client
                attempt.done.open()
                return
            }
            CurrentThread.sleep(for: .seconds(1))
        }
    }

    /// Connects and says `hello`; when nobody listens and a `hanguld` is configured, starts it and
    /// retries for up to two seconds (a release daemon accepts connections about 20 ms after exec).
    private static func connect(path: String, deadline: Int, hanguld: String?) -> HangulClient? {
        if let client = try? HangulClient(
            socketPath: path, clientName: "ibus-engine-hanguld", timeout: .milliseconds(deadline))
        {
            return client
        }
        guard let hanguld, DaemonLauncher.nobodyListens(at: path),
            DaemonLauncher.start(executable: hanguld, socketPath: path)
        else { return nil }
        for _ in 0..<100 {
            CurrentThread.sleep(for: .milliseconds(20))
            if let client = try? HangulClient(
                socketPath: path, clientName: "ibus-engine-hanguld", timeout: .milliseconds(deadline))
            {
                return client
            }
        }
        return nil
    }
}
