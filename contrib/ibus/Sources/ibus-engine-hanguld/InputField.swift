import CHangulIBusEngine
import CIBus
import HangulFrontendContract
import HangulKeys
import HangulProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// An IBus engine object, the application's text fields as the engine sees them: applies the daemon's
/// replies by the frontend contract (PROTOCOL.md section 8), routes each key after them
/// (``KeyRouter``), and fails open when there is no reply. (Not HangulKeys' `InputContext`, the
/// daemon's per-session key rules.)
///
/// In IBus's global-engine mode, its default, one engine object serves every input context in turn
/// (ibus-daemon moves it to the focused one), so what belongs to one context only is kept by the
/// context's object path, and the client is learnt again at each focus in.
///
/// On focus out and reset the visible preedit is committed by whoever ``IBusClient/preeditKeeper``
/// names from the client's name: the client (GTK, or ibus-daemon for it, as the preedit is shown in
/// `IBUS_ENGINE_PREEDIT_COMMIT` mode), Qt's own copy (shown so that ibus-daemon commits nothing:
/// ``IBusClient/preeditMarking(ibusEmbedsPreedit:)``), or, through ibus-x11, the engine itself (shown
/// in CLEAR mode); on a reset where no one else commits it (GTK 4's module of IBus 1.5.27,
/// LibreOffice on GTK 3), by the engine (``IBusClient/resetLeavesPreeditToEngine``). The daemon is
/// then told `cancel`, never `reset`, or the syllable would appear twice. Only an engine switch
/// (`disable`) asks the daemon to commit.
///
/// Hanja conversion (section 9.5) is the daemon's: keys go to it while the candidate window is
/// shown, exactly as at any other time, and each reply says what the window shows. The engine adds
/// what only it can: the window itself (an IBus lookup table), clicks and the panel's buttons, and
/// the text before the cursor, sent just before a hanja key and never before any other key.
final class InputField {
    private let engine: UnsafeMutablePointer<IBusEngine>
    private let link: DaemonLink
    private var contract = FrontendContract()
    private var router = KeyRouter()
    private var capsLockTap = CapsLockTap()
    /// Syllables Qt fields showed when their application lost the focus (see `focusOut`), by input
    /// context; a few at most, since a context that never comes back never claims its own.
    private var heldPreedits: [(path: String, text: String)] = []
    private static let heldPreeditsKept = 8
    private var isPassword = false
    /// The syllable GTK 4's module in sync mode still shows after a key answered "not handled"
    /// (``IBusClient/commitsItsCopyBeforeAnUnhandledKey``): the module commits it on the application's
    /// reset (the engine then hears `reset`), or the engine does before the next key.
    private var leftToTheModule: String?

    init(engine: UnsafeMutablePointer<IBusEngine>, configuration: EngineConfiguration) {
        self.engine = engine
        link = DaemonLink(configuration: configuration)
    }

    /// One key from the client: the daemon's reply applied, and the key sent on to the application
    /// after what the reply committed, in whatever way this client keeps that order (``KeyRouter``).
    func processKey(keyval: UInt32, keycode: UInt32, state: UInt32) -> Bool {
        let key = IBusKey(keyval: keyval, keycode: keycode, state: state)
        // A key this engine forwarded, back from a client that filters forwarded keys again, and a
        // keysym no key produces (the daemon would refuse it): the application's, untouched.
        guard !key.wasForwarded, let event = key.event else { return false }
        if let left = leftToTheModule {
            // No reset came since: the module still shows it, and it must not wait any longer.
            leftToTheModule = nil
            perform([.preedit(""), .commit(left)])
        }
        if !key.isRelease, !sendSurroundingTextIfConversionKey(keyval: keyval, state: state) {
            return route(key, handled: false, outputs: contract.failOpen())
        }
        let shownBefore = contract.shownPreedit
        if !key.isRelease { capsLockTap.pressed(keysym: keyval, state: state) }
        guard let reply = link.key(event) else {
            return route(key, handled: false, outputs: contract.failOpen())
        }
        let wasHangul = contract.isHangul
        let outputs = contract.apply(reply)
        if key.isRelease,
            let lock = capsLockTap.lockToRestore(
                releasedKeysym: keyval, modeChanged: contract.isHangul != wasHangul)
        {
            hangul_ibus_restore_caps_lock(lock ? 1 : 0)  // after this key's reply, from the main loop
        }
        return route(key, handled: reply.handled, outputs: outputs, shownBefore: shownBefore)
    }

    /// Performs `outputs` with the key placed after them, and returns what to answer IBus.
    private func route(_ key: IBusKey, handled: Bool, outputs: [FrontendOutput], shownBefore: String = "") -> Bool {
        var outputs = outputs
        let answer =
            key.isRelease
            ? router.routeRelease(key, handled: handled, outputs: &outputs)
            : router.routePress(
                key, handled: handled, composing: contract.isHangul && !isPassword, outputs: &outputs)
        if !key.isRelease, !answer, router.client.commitsItsCopyBeforeAnUnhandledKey, !shownBefore.isEmpty,
            outputs == [.preedit(""), .commit(shownBefore)]
        {
            // The key ends the syllable and reaches the application before these signals would: the
            // module's own copy, committed on the application's reset, keeps the order.
            leftToTheModule = shownBefore
            return answer
        }
        perform(outputs)
        return answer
    }

    /// The IBus release running: read from the libibus this process loaded, else the one it was built
    /// against.
    private static let ibusVersion: UInt32 =
        hangul_ibus_library_path().flatMap { IBusClient.ibusVersion(libraryPath: String(cString: $0)) }
        ?? hangul_ibus_version()

    /// What the engine knows of the focused client: its name (from `focus_in_id`) and capabilities.
    private func learnClient() {
        let name = hangul_ibus_engine_client_name(engine).map { String(cString: $0) }
        router.client = IBusClient(
            name: name, capabilities: hangul_ibus_engine_client_capabilities(engine),
            ibusVersion: Self.ibusVersion)
    }

    func focusIn() {
        learnClient()
        // The mode `mode-scope` keeps for this field (nothing is composed at focus in).
        if let reply = link.setFocus(
            true, application: hangul_ibus_engine_client_name(engine).map { String(cString: $0) } ?? "",
            field: contextPath() ?? "")
        {
            perform(contract.apply(reply))
        }
        hangul_ibus_engine_register_mode(engine, contract.isHangul ? 1 : 0)
        requireSurroundingText()
        if let path = contextPath(), let index = heldPreedits.firstIndex(where: { $0.path == path }) {
            perform([.commit(heldPreedits.remove(at: index).text)])
        }
    }

    /// The visible preedit is committed outside the engine (see above); the daemon only forgets it, and
    /// closes its candidate list, whose window goes too.
    ///
    /// Except when a Qt application loses the focus to another application: Qt's plugin then neither
    /// commits its copy (it does before any focus change inside the application, and calls `reset`
    /// first) nor accepts a commit (it has no focus object any more), and ibus-daemon only hides the
    /// preedit (it is not marked for ibus-daemon to commit). The syllable is kept for that input context and committed when it has
    /// the focus again, so it lands once, where it was typed. Through ibus-x11 the same: a commit
    /// after XIM's focus out never reaches the application, so the syllable waits for the focus to
    /// come back. (In IBus's global-engine mode one engine object serves every context in turn, so
    /// it is kept by the context's object path.)
    func focusOut() {
        leftToTheModule = nil  // GTK's module commits its copy on focus out
        if router.client.preeditKeeper != .host, !contract.shownPreedit.isEmpty, let path = contextPath() {
            if heldPreedits.count >= Self.heldPreeditsKept { heldPreedits.removeFirst() }
            heldPreedits.append((path, contract.shownPreedit))
        }
        link.cancel()
        _ = link.setFocus(false, application: "", field: "")
        contract.forgetPreedit()
        perform(contract.hideCandidates())
    }

    /// The object path of the input context the engine serves now, when ibus-daemon said it.
    private func contextPath() -> String? {
        hangul_ibus_engine_context_path(engine).map { String(cString: $0) }
    }

    /// A reset (XIM_RESET_IC, a click in a GTK or Qt field): the engine commits the visible preedit
    /// where no one else will (ibus-x11, which shows it in CLEAR mode, and GTK 4's module of IBus
    /// 1.5.27: ``IBusClient/resetLeavesPreeditToEngine``); elsewhere the client or ibus-daemon has
    /// committed it.
    func reset() {
        leftToTheModule = nil  // the module committed its copy first (in sync mode)
        if router.client.resetLeavesPreeditToEngine { perform(contract.failOpen()) }
        link.cancel()
        contract.forgetPreedit()
        perform(contract.hideCandidates())
    }

    /// IBus enables an engine when it is chosen for a context; some clients forget a request for
    /// surrounding text at that moment, so it is made again.
    func enable() {
        requireSurroundingText()
    }

    /// ibus-daemon tells an engine the client's capabilities after focus in and enable, so this is
    /// where the engine first knows whether the client reports surrounding text.
    func capabilitiesChanged() {
        learnClient()
        requireSurroundingText()
    }

    /// The user switched to another engine: the daemon commits the preedit.
    func disable() {
        if let left = leftToTheModule {
            leftToTheModule = nil
            perform([.preedit(""), .commit(left)])
        }
        if let reply = link.reset() {
            apply(reply)
        } else {
            failOpen()
        }
        perform(contract.hideCandidates())
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

    // MARK: - The candidate window

    /// A click on row `row` of the page shown picks that candidate (`select_candidate`). A click on a
    /// window the engine no longer shows, or past its rows, does nothing.
    func candidateClicked(row: UInt32) {
        guard let index = contract.shownCandidates?.listIndex(ofRow: Int(row)) else { return }
        if let reply = link.selectCandidate(index) { apply(reply) } else { failOpen() }
    }

    /// The window's page and cursor buttons (and the mouse wheel over it) are the keys the daemon's
    /// list answers (section 9.5): the protocol has no method for them, and a key keeps one path.
    func pageUp() { moveInCandidates(keysym: 0xFF55) }  // Page_Up
    func pageDown() { moveInCandidates(keysym: 0xFF56) }  // Page_Down
    func cursorUp() { moveInCandidates(keysym: 0xFF52) }  // Up
    func cursorDown() { moveInCandidates(keysym: 0xFF54) }  // Down

    private func moveInCandidates(keysym: UInt32) {
        guard contract.shownCandidates != nil else { return }
        if let reply = link.stroke(keysym: keysym) { apply(reply) } else { failOpen() }
    }

    // MARK: - Surrounding text

    /// Just before a hanja key press with nothing being composed and no list open, or a fix key press
    /// in either mode (the daemon joins the text to its preedit, PROTOCOL.md section 9.7), tells the
    /// daemon the text before the cursor (or the selection), for it to convert a word already typed.
    /// Only then: the text is the user's, and sending it with every key would cost a request each
    /// for nothing. Only when the client reports surrounding text at all. Returns `false` when the
    /// daemon failed meanwhile (the key then fails open).
    private func sendSurroundingTextIfConversionKey(keyval: UInt32, state: UInt32) -> Bool {
        guard contract.shownCandidates == nil, !isPassword,
            hangul_ibus_engine_client_has_surrounding_text(engine) != 0
        else { return true }
        let isHanjaKey =
            contract.shownPreedit.isEmpty && contract.isHangul && link.isHanjaKey(keysym: keyval, modifiers: state)
        guard isHanjaKey || link.isFixKey(keysym: keyval, modifiers: state) else { return true }
        var cursor: guint = 0
        var anchor: guint = 0
        guard let text = hangul_ibus_engine_surrounding_text(engine, &cursor, &anchor) else { return true }
        defer { g_free(text) }
        let excerpt = SurroundingExcerpt(
            text: String(cString: text), cursor: Int(cursor), anchor: Int(anchor),
            keep: InputContext.surroundingLimit)
        return link.setSurroundingText(excerpt)
    }

    /// Asks the client to keep the engine's copy of the surrounding text current, so it is there when
    /// a hanja key comes. (Not only when the session has hanja keys: at focus in the first connection
    /// may not be made yet.) The text then reaches this process with each change, as for any IBus
    /// engine that converts committed text, but goes no further until a hanja key is pressed.
    private func requireSurroundingText() {
        guard hangul_ibus_engine_client_has_surrounding_text(engine) != 0 else { return }
        hangul_ibus_engine_require_surrounding_text(engine)
    }

    // MARK: - Output

    private func apply(_ reply: KeyReply) {
        perform(contract.apply(reply))
    }

    /// No answer from the daemon: what the user sees becomes text, the candidate window goes, and
    /// the key goes to the application.
    private func failOpen() {
        perform(contract.failOpen())
    }

    private func perform(_ outputs: [FrontendOutput]) {
        let outputs = router.client.preeditKeeper == .engine ? outputs.committingBeforeHidingThePreedit() : outputs
        var afterText = false
        for output in outputs {
            switch output {
            case .preedit(let text):
                let marking = router.client.preeditMarking(ibusEmbedsPreedit: hangul_ibus_embeds_preedit() != 0)
                hangul_ibus_engine_show_preedit(engine, text, marking.commitMode ? 1 : 0, marking.markedVisible ? 1 : 0)
            case .deleteBefore(let count): hangul_ibus_engine_delete_before(engine, guint(count))
            case .commit(let text): hangul_ibus_engine_commit(engine, text)
            case .showCandidates(let window): show(window)
            case .hideCandidates: hangul_ibus_engine_candidates_hide(engine)
            case .mode(let isHangul): hangul_ibus_engine_update_mode(engine, isHangul ? 1 : 0)
            case .forwardKey(let key):
                if afterText, let delay = router.client.forwardDelayAfterText {
                    hangul_ibus_engine_forward_key_later(engine, key.keyval, key.keycode, key.state, delay)
                } else {
                    hangul_ibus_engine_forward_key(engine, key.keyval, key.keycode, key.state)
                }
            }
            switch output {
            case .preedit, .commit, .deleteBefore: afterText = true
            default: break
            }
        }
    }

    private func show(_ window: CandidatePage) {
        hangul_ibus_engine_candidates_begin(engine)
        for item in window.items {
            hangul_ibus_engine_candidates_append(engine, item.value, item.meaning)
        }
        if let position = window.position {
            hangul_ibus_engine_candidates_show(engine, guint(window.cursorInPage), position)
        } else {
            hangul_ibus_engine_candidates_show(engine, guint(window.cursorInPage), nil)
        }
    }
}
