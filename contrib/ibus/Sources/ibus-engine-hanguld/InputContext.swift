import CHangulIBusEngine
import CIBus
import HangulFrontendContract

/// One IBus input context: applies the daemon's replies by the frontend contract (PROTOCOL.md
/// section 8) and fails open when there is no reply.
///
/// IBus shows our preedit in `IBUS_ENGINE_PREEDIT_COMMIT` mode, so on focus out and reset the
/// *client* commits the visible preedit itself; the daemon is then told `cancel`, never `reset`, or
/// the syllable would appear twice. Only an engine switch (`disable`) asks the daemon to commit.
final class InputContext {
    private let engine: UnsafeMutablePointer<IBusEngine>
    private let link: DaemonLink
    private var contract = FrontendContract()
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
        hangul_ibus_engine_register_mode(engine, contract.isHangul ? 1 : 0)
    }

    /// The client commits the visible preedit itself (COMMIT mode); the daemon only forgets it.
    func focusOut() {
        link.cancel()
        contract.forgetPreedit()
    }

    func reset() {
        link.cancel()
        contract.forgetPreedit()
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

    private func apply(_ reply: DaemonReply) {
        perform(contract.apply(reply))
    }

    /// No answer from the daemon: what the user sees becomes text, and the key goes to the application.
    private func failOpen() {
        perform(contract.failOpen())
    }

    private func perform(_ outputs: [FrontendOutput]) {
        for output in outputs {
            switch output {
            case .preedit(let text): hangul_ibus_engine_show_preedit(engine, text)
            case .commit(let text): hangul_ibus_engine_commit(engine, text)
            case .mode(let isHangul): hangul_ibus_engine_update_mode(engine, isHangul ? 1 : 0)
            }
        }
    }
}
