import Dispatch
import HangulClient
import HangulFrontendContract
import HangulKeys
import HangulProtocol
import Synchronization

/// One input context's session with `hanguld`: the only place the engine talks to the daemon.
///
/// Every call either returns the daemon's answer or `nil`, which means "fail open": the caller
/// commits what it shows and lets the key through (PROTOCOL.md section 8). A call that fails or
/// misses the deadline drops the connection at once, since a late reply would put every later
/// one out of step; a new connection is then made on a background thread, retried every second
/// until the daemon answers, so a stopped or missing daemon never blocks a keystroke for more than
/// the deadline, once, and typing composes again as soon as the daemon is back. A new session starts
/// in Hangul mode with the daemon's default options, so the link sends back what the user had:
/// Latin mode and a password field. (The options themselves are the daemon's defaults for now;
/// when a configuration file arrives, they are sent here too.)
final class DaemonLink {
    /// A connection being made on a background thread, retried until it succeeds or the input
    /// context goes away; `client` is written before `done` is signalled.
    private final class Attempt: @unchecked Sendable {
        let done = DispatchSemaphore(value: 0)
        var client: HangulClient?
        let isAbandoned = Atomic<Bool>(false)
    }

    private let configuration: EngineConfiguration
    private var client: HangulClient?
    private var attempt: Attempt?
    /// Until the first connection has failed, a key waits (up to the deadline) for the connection
    /// being made, so the first key typed into a new field composes.
    private var hasFailed = false
    /// What to restore on a new session.
    private var wantsLatin = false
    private var wantsPassword = false

    init(configuration: EngineConfiguration) {
        self.configuration = configuration
        startAttempt()
    }

    deinit {
        attempt?.isAbandoned.store(true, ordering: .relaxed)
    }

    func key(keysym: UInt32, keycode: UInt32?, modifiers: UInt32, isRelease: Bool) -> DaemonReply? {
        let event = KeyEvent(
            keysym: Keysym(rawValue: keysym), keycode: keycode,
            modifiers: ModifierMask(rawValue: modifiers), isRelease: isRelease)
        return perform { client throws(ClientError) in
            let reply = try client.key(event)
            return (reply.handled, reply.commit, reply.preedit, reply.mode)
        }
    }

    /// Drops the preedit: the client already committed what it showed (focus out, reset).
    func cancel() {
        guard client != nil else { return }
        _ = perform { client throws(ClientError) in Self.unhandled(try client.cancel()) }
    }

    /// Commits the preedit (engine switch).
    func reset() -> DaemonReply? {
        guard client != nil else { return nil }
        return perform { client throws(ClientError) in Self.unhandled(try client.reset()) }
    }

    /// Flips Hangul and Latin mode (the panel's 한/A button).
    func toggle() -> DaemonReply? {
        perform { client throws(ClientError) in Self.unhandled(try client.toggle()) }
    }

    func setContentType(password: Bool) -> DaemonReply? {
        wantsPassword = password
        return perform { client throws(ClientError) in
            Self.unhandled(try client.setContentType(password ? .password : .normal))
        }
    }

    // MARK: - Connection

    /// What a reply that carries state says, with `handled` false for the methods that are not `key`.
    private typealias State = (handled: Bool, commit: String, preedit: String, mode: InputMode)

    private static func unhandled(_ result: StateResult) -> State {
        (false, result.commit, result.preedit, result.mode)
    }

    private func perform(_ call: (HangulClient) throws(ClientError) -> State) -> DaemonReply? {
        guard let client = currentClient() else { return nil }
        do {
            let state = try call(client)
            if !wantsPassword { wantsLatin = state.mode == .latin }
            return DaemonReply(
                handled: state.handled, commit: state.commit, preedit: state.preedit, isHangul: state.mode == .hangul)
        } catch {
            drop()
            return nil
        }
    }

    /// The live client, adopting one the background attempt has made; `nil` while there is none.
    private func currentClient() -> HangulClient? {
        if let client { return client }
        if let attempt {
            let waited =
                hasFailed
                ? attempt.done.wait(timeout: .now())
                : attempt.done.wait(timeout: .now() + .milliseconds(configuration.deadlineMilliseconds))
            guard waited == .success else {
                hasFailed = true
                return nil
            }
            self.attempt = nil
            if let fresh = attempt.client, restore(fresh) {
                client = fresh
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
            // Hanja keys off: this engine shows no candidate list yet (an IBus lookup table is the
            // next step), and a list the user cannot see would turn the next digit into a hanja.
            // F9 and the Hanja key then reach the application, as before hanja conversion existed.
            _ = try fresh.setOptions(OptionsPatch(hanjaKeys: []))
            if wantsLatin { _ = try fresh.setMode(.latin) }
            if wantsPassword { _ = try fresh.setContentType(.password) }
            return true
        } catch {
            return false
        }
    }

    private func drop() {
        client = nil
        hasFailed = true
        startAttempt()
    }

    private func startAttempt() {
        guard attempt == nil, case .success(let path) = configuration.socketPath else { return }
        let attempt = Attempt()
        self.attempt = attempt
        Self.run(
            attempt, path: path, deadline: configuration.deadlineMilliseconds, hanguld: configuration.hanguldPath)
    }

    /// Tries now and then once a second, on a background thread, until connected or abandoned.
    private static func run(_ attempt: Attempt, path: String, deadline: Int, hanguld: String?) {
        DispatchQueue.global().async {
            guard !attempt.isAbandoned.load(ordering: .relaxed) else { return }
            if let client = connect(path: path, deadline: deadline, hanguld: hanguld) {
                attempt.client = client
                attempt.done.signal()
                return
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(1)) {
                run(attempt, path: path, deadline: deadline, hanguld: hanguld)
            }
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
            usleepMilliseconds(20)
            if let client = try? HangulClient(
                socketPath: path, clientName: "ibus-engine-hanguld", timeout: .milliseconds(deadline))
            {
                return client
            }
        }
        return nil
    }
}
