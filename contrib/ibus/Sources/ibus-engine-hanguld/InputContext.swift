import CHangulIBusEngine
import CIBus

/// One IBus input context: applies the daemon's replies by the frontend contract (PROTOCOL.md
/// section 8) and fails open when there is no reply.
///
/// IBus shows our preedit in `IBUS_ENGINE_PREEDIT_COMMIT` mode, so on focus out and reset the
/// *client* commits the visible preedit itself; the daemon is then told `cancel`, never `reset`, or
/// the syllable would appear twice. Only an engine switch (`disable`) asks the daemon to commit.
final class InputContext {
    private let engine: UnsafeMutablePointer<IBusEngine>
    private let link: DaemonLink
    /// The preedit the client shows now; what fail-open commits.
    private var shownPreedit = ""
    private var isHangul = true
    private var isPassword = false

    init(engine: UnsafeMutablePointer<IBusEngine>, configuration: EngineConfiguration) {
        self.engine = engine
        link = DaemonLink(configuration: configuration)
    }

    /// IBus gives the evdev keycode; the protocol takes the xkb keycode, evdev + 8. A synthetic event
    /// without one (keycode 0) is sent by keysym alone.
    func processKey(keyval: UInt32, keycode: UInt32, state: UInt32) -> Bool {
        let isRelease = state & IBUS_RELEASE_MASK.rawValue != 0
        let reply = link.key(
            keysym: keyval, keycode: keycode == 0 ? nil : keycode + 8, modifiers: state, isRelease: isRelease)
        guard let reply else {
            failOpen()
            return false
        }
        apply(reply)
        return reply.handled
    }

    func focusIn() {
        hangul_ibus_engine_register_mode(engine, isHangul ? 1 : 0)
    }

    /// The client commits the visible preedit itself (COMMIT mode); the daemon only forgets it.
    func focusOut() {
        link.cancel()
        shownPreedit = ""
    }

    func reset() {
        link.cancel()
        shownPreedit = ""
    }

    /// The user switched to another engine: the daemon commits the preedit.
    func disable() {
        if let reply = link.reset() {
            apply(reply)
        } else {
            failOpen()
        }
    }

    /// Password and PIN fields turn composition off (`set_content_type "password"`).
    func setContentType(purpose: UInt32) {
        let password =
            purpose == IBUS_INPUT_PURPOSE_PASSWORD.rawValue || purpose == IBUS_INPUT_PURPOSE_PIN.rawValue
        guard password != isPassword else { return }
        isPassword = password
        if let reply = link.setContentType(password: password) { apply(reply) } else { failOpen() }
    }

    /// A click on the 한/A property toggles the mode, as a toggle key does.
    func activateProperty(named name: String) {
        guard name == "InputMode" else { return }
        if let reply = link.toggle() { apply(reply) } else { failOpen() }
    }

    // MARK: - Output

    /// Section 8: remove the preedit shown, insert the commit, show the new preedit; then the mode.
    private func apply(_ reply: DaemonLink.Reply) {
        if !reply.commit.isEmpty {
            if !shownPreedit.isEmpty {
                hangul_ibus_engine_show_preedit(engine, "")
                shownPreedit = ""
            }
            hangul_ibus_engine_commit(engine, reply.commit)
        }
        if reply.preedit != shownPreedit {
            hangul_ibus_engine_show_preedit(engine, reply.preedit)
            shownPreedit = reply.preedit
        }
        if reply.isHangul != isHangul {
            isHangul = reply.isHangul
            hangul_ibus_engine_update_mode(engine, isHangul ? 1 : 0)
        }
    }

    /// No answer from the daemon: what the user sees becomes text, and the key goes to the application.
    private func failOpen() {
        guard !shownPreedit.isEmpty else { return }
        let text = shownPreedit
        hangul_ibus_engine_show_preedit(engine, "")
        shownPreedit = ""
        hangul_ibus_engine_commit(engine, text)
    }
}
