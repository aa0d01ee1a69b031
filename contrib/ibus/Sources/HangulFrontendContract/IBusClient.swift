/// What the engine knows of the client an input context belongs to, and what follows for a key the
/// daemon did not handle after the engine showed or committed something for it.
///
/// The engine answers `process_key_event` with a D-Bus reply, and sends its commit and preedit as
/// signals before it. Whether the client inserts an unhandled key after those signals depends on
/// the client (read in IBus 1.5.27's `client/gtk2/ibusimcontext.c` and `client/x11/main.c`, and
/// Qt's `qibusplatforminputcontext.cpp`):
/// - GTK 3 and GTK 4 in their default modes wait for the reply with the signals dispatched in
///   arrival order (GTK 3 re-queues the event when the reply comes, GTK 4 runs a nested main loop),
///   so returning "not handled" puts the key after the commit. They say so with
///   `IBUS_CAP_SYNC_PROCESS_KEY`. GTK 4's module cannot replay a forwarded key (it feeds it to the
///   engine again and then drops it), so there the key must not be forwarded.
/// - ibus-x11 (every XIM application: xterm, Emacs, LibreOffice's X11 backend, Java, Wine) and
///   GTK 3 with `IBUS_ENABLE_SYNC_MODE=1` make a blocking call: the key is inserted when the call
///   returns, and the signals are dispatched only afterwards, so "not handled" puts the key before
///   the commit. A key forwarded with `forward_key_event` travels in the signal stream, after the
///   commit, and both replay it faithfully.
/// - Qt's plugin rebuilds a forwarded key with the X keysym taken as a Qt key code (Return becomes
///   U+FF0D), so a key must not be forwarded there; it dispatches the reply after the signals unless
///   the reply is already in when it first looks, a narrow race this engine cannot close.
///
/// A character key needs neither: the engine commits the syllable and the character as one text,
/// which keeps its order in every client (see ``KeyRouter``). What is chosen here applies to the other
/// keys: Return, Tab, the arrows, shortcuts.
public struct IBusClient: Equatable, Sendable {
    /// How an unhandled key is made to reach the application after the engine's signals.
    public enum UnhandledKeyOrder: Equatable, Sendable {
        /// Answer "not handled": the client inserts the key after the signals.
        case returnUnhandled
        /// Forward the key with `forward_key_event` and answer "handled".
        case forward
    }

    /// `IBUS_CAP_SURROUNDING_TEXT`.
    static let surroundingTextCapability: UInt32 = 1 << 5
    /// `IBUS_CAP_SYNC_PROCESS_KEY` (IBus 1.5.27): the client waits for the reply to each key and
    /// dispatches the signals sent before it first.
    static let waitsForReplyCapability: UInt32 = 1 << 7

    /// The name the client gave ibus-daemon for its input context (`gtk3-im:gedit`,
    /// `gtk4-im:gnome-text-editor`, `xim`, `QIBusInputContext`), or `nil` when ibus-daemon has not
    /// said it: it asks the engine whether it wants names only when the first engine object is made,
    /// and does not wait for the answer, so the first focus of the first field comes without one.
    public var name: String?
    /// The client's capability bits.
    public var capabilities: UInt32
    /// The IBus release running, as major × 10000 + minor × 100 + micro (see
    /// ``ibusVersion(libraryPath:)``): the clients' modules are the same release. The rules here were
    /// read in, and measured with, IBus 1.5.27 (Debian 12), the default; 1.5.28 changed what GTK's
    /// module does on a reset (``resetLeavesPreeditToEngine``).
    public var ibusVersion: UInt32

    public init(name: String? = nil, capabilities: UInt32 = 0, ibusVersion: UInt32 = 1_05_27) {
        self.name = name
        self.capabilities = capabilities
        self.ibusVersion = ibusVersion
    }

    /// The IBus release a libibus file is, as ``ibusVersion`` counts it, from its name:
    /// `libibus-1.0.so.5.0.527` is 1.5.27 (10527), `…so.5.0.532` 1.5.32. `nil` for any other name.
    /// A package built against one release runs on another (Debian 12's on Debian 13), and the
    /// clients' modules are the release running, so the engine reads it from the library it loaded.
    public static func ibusVersion(libraryPath: String) -> UInt32? {
        let name = libraryPath.split(separator: "/").last.map(String.init) ?? ""
        let prefix = "libibus-1.0.so.5.0."
        guard name.hasPrefix(prefix), let number = UInt32(name.dropFirst(prefix.count)), number >= 100,
            number < 10_000
        else { return nil }
        return 10_000 + number
    }

    /// Who turns the visible preedit into text when the field loses the focus or is reset.
    public enum PreeditKeeper: Equatable, Sendable {
        /// The client, or ibus-daemon for it (GTK, and a client not named yet): the preedit is shown
        /// in IBus's COMMIT mode and the engine only forgets it.
        case host
        /// Qt's plugin (Qt 5 and 6), which keeps its own copy and commits it on a click and before a
        /// focus change inside the application: marked so that ibus-daemon does not commit it a second
        /// time (``preeditMarking(ibusEmbedsPreedit:)``). When the focus goes to another application
        /// Qt commits nothing, so the engine holds the syllable and commits it when the field has the
        /// focus again.
        case clientsOwnCopy
        /// ibus-x11, for every XIM application: a commit sent after XIM's focus out does not reach
        /// the application (xterm and Emacs lost the syllable on a switch to another window, with
        /// ibus-hangul as with this engine). Shown in CLEAR mode; the engine commits it itself on
        /// reset, and holds it over a focus out until the field has the focus again.
        case engine
    }

    /// The one place this is decided, from the client's name.
    public var preeditKeeper: PreeditKeeper {
        guard let name else { return .host }
        if name.hasPrefix("QIBusInputContext") { return .clientsOwnCopy }
        if name == "xim" { return .engine }
        return .host
    }

    /// How the engine marks the preedit it shows: the focus mode ibus-daemon keeps with it, and the
    /// `visible` flag.
    public struct PreeditMarking: Equatable, Sendable {
        /// `IBUS_ENGINE_PREEDIT_COMMIT` when true, `IBUS_ENGINE_PREEDIT_CLEAR` otherwise.
        public var commitMode: Bool
        /// Whether it is marked visible (an empty preedit never is).
        public var markedVisible: Bool

        public init(commitMode: Bool, markedVisible: Bool) {
            self.commitMode = commitMode
            self.markedVisible = markedVisible
        }
    }

    /// How the preedit is marked for this client, given IBus's "embed preedit text" setting.
    ///
    /// ibus-daemon commits the preedit itself on a reset or a focus out only when it is in COMMIT
    /// mode, marked visible, and the client has not said it commits its own copy
    /// (`ClientCommitPreedit`; `bus_input_context_clear_preedit_text`, IBus 1.5.27 and 1.5.32 alike).
    /// - GTK (``PreeditKeeper/host``): COMMIT, visible; its module or ibus-daemon commits it.
    /// - ibus-x11 (``PreeditKeeper/engine``): CLEAR, visible; the engine commits it.
    /// - Qt (``PreeditKeeper/clientsOwnCopy``): its plugin commits its own copy on a click
    ///   (`QInputMethod::Click`) and before a focus change inside the application. Qt 5 and Qt 6 up
    ///   to 6.4 do so whatever the mode and do not tell ibus-daemon, which would commit a visible
    ///   COMMIT-mode preedit a second time (`한한가`). Qt 6.8 (Debian 13) tells ibus-daemon it
    ///   commits its copy, learns the mode (`UpdatePreeditTextWithMode`), and commits its copy only in
    ///   COMMIT mode: in CLEAR mode it drops it, and a click lost the syllable (`가` for `한가`).
    ///   The engine cannot tell the two apart (same client name, same capabilities). Both plugins
    ///   draw the preedit's text whatever `visible` says (it only hides the caret:
    ///   `QPlatformInputContext` `updatePreeditText`, Qt 5.15 and 6.8 alike), so the preedit goes in
    ///   COMMIT mode marked not visible: each Qt commits its copy once, and ibus-daemon nothing. The
    ///   cost, read in Qt's source (the cursor attribute gets length 0) and not checked on screen: no
    ///   caret while a syllable is composing (the underlined syllable shows where typing goes).
    ///   With "embed preedit text" off, ibus-daemon hands the preedit to IBus's panel instead, which
    ///   draws it only when marked visible: there it goes in CLEAR mode, visible, as before Qt 6.8
    ///   (whose click then loses the syllable).
    public func preeditMarking(ibusEmbedsPreedit: Bool) -> PreeditMarking {
        switch preeditKeeper {
        case .host: return PreeditMarking(commitMode: true, markedVisible: true)
        case .engine: return PreeditMarking(commitMode: false, markedVisible: true)
        case .clientsOwnCopy:
            return ibusEmbedsPreedit
                ? PreeditMarking(commitMode: true, markedVisible: false)
                : PreeditMarking(commitMode: false, markedVisible: true)
        }
    }

    /// Whether a reset (a click in the text, or the application moving the cursor) leaves the visible
    /// preedit for the engine to commit: otherwise no one would, and the syllable would be lost.
    /// - Through ibus-x11, always (``PreeditKeeper/engine``).
    /// - GTK 4's module of IBus 1.5.27 in its default modes (those that set `IBUS_CAP_SYNC_PROCESS_KEY`)
    ///   commits its copy on focus out but not on reset, which it does only in sync mode
    ///   (`ibus_im_context_reset`); and it tells ibus-daemon that the client commits the preedit
    ///   (`ibus_input_context_set_client_commit_preedit`), so ibus-daemon's reset does not either. A
    ///   click with 한 showing lost it in every GTK 4 application (a GTK 4 text view,
    ///   gnome-text-editor), with ibus-hangul as with this engine. GTK 3's module has no such gap: it
    ///   commits its copy on the click itself, from a `button-press-event` handler, before the reset;
    ///   but in LibreOffice on GTK 3 (`gtk3-im:soffice`, which handles clicks in a widget of its own)
    ///   no copy of it arrived, and the syllable was lost on a click too (`가` for `한`, click, `가`,
    ///   through the reference engines as well; why the handler commits nothing there was not traced).
    ///   Committed by the engine on the reset that follows, it is right, once, in the application
    ///   matrix. In sync mode both modules commit their copy from their reset.
    ///   From IBus 1.5.28 GTK 4's module commits its copy on reset in its default mode as well, so
    ///   there the engine leaves it to the module, or the syllable would appear twice.
    ///   From 1.5.28 no module sets `IBUS_CAP_SYNC_PROCESS_KEY` (it marks nothing), so GTK 3's default
    ///   mode can no longer be told from its sync mode; the default is what users run, and LibreOffice
    ///   on GTK 3 on Debian 13 (IBus 1.5.32) lost the syllable on a click as before (`가` for `한가`).
    public var resetLeavesPreeditToEngine: Bool {
        if preeditKeeper == .engine { return true }
        guard let name else { return false }
        if ibusVersion >= 1_05_28 { return name.hasPrefix("gtk3-im:soffice") }
        guard capabilities & Self.waitsForReplyCapability != 0 else { return false }
        return name.hasPrefix("gtk3-im:soffice") || name.hasPrefix("gtk4-im")
    }

    /// Whether the client keeps its own copy of the preedit and commits it itself before a focus change
    /// inside the application (Qt's plugin).
    public var commitsItsOwnPreedit: Bool {
        preeditKeeper == .clientsOwnCopy
    }

    /// Whether a key answered "not handled" can reach the application after text the engine sent for
    /// an earlier key, or for a later one.
    /// - GTK 4's module (IBus 1.5.27) types an unhandled key from the reply's callback, which GLib
    ///   may run after the signals of later keys: typed into a GTK 4 text view and gnome-text-editor
    ///   on a loaded machine, `"안녕` became `안"녕` and `2개` became `개2` (contrib/testing/apps).
    /// - A client that inserts an unhandled key when the call returns (ibus-x11) can do so before it
    ///   has dispatched the signals of the key before: in xterm, with the daemon slow on the first
    ///   hanja key, `1` landed before the `한` that F9 committed.
    /// In Hangul mode the engine then makes every key follow the text: a character key is typed by
    /// the engine (what the client would have typed), any other key forwarded where the client can
    /// replay it. Latin mode commits nothing, so nothing can overtake a key there, and keys stay keys
    /// for the application's own bindings.
    public var keysMayOvertakeText: Bool {
        (name?.hasPrefix("gtk4-im") ?? false) || unhandledKeyOrder == .forward
    }

    /// Whether the client is GTK 4's module in IBus's synchronous mode (`IBUS_ENABLE_SYNC_MODE=1`,
    /// which drops `IBUS_CAP_SYNC_PROCESS_KEY`). It dispatches the engine's signals only after
    /// `process_key_event` returns, so an unhandled key reaches the application before the commit the
    /// engine sent for it, and it cannot replay a forwarded key. But on the reset the application makes
    /// for that key (a text view's Return, before the line break) it commits its own copy of a
    /// COMMIT-mode preedit first (IBus 1.5.27 `ibus_im_context_reset`, sync mode only): the engine's
    /// commit, dispatched afterwards, typed the syllable a second time (`첫 줄⏎줄`). There the engine
    /// leaves the syllable to that copy, and commits it itself before the next key only when no reset
    /// came (see `InputField`).
    /// From IBus 1.5.29 the module's sync mode (GTK 4's default since 1.5.28, which no module marks
    /// with `IBUS_CAP_SYNC_PROCESS_KEY` any more) asks ibus-daemon for the signals the engine sent
    /// during `process_key_event` and dispatches them before it returns
    /// (`ibus_input_context_post_process_key_event`), so the engine's commit reaches the application
    /// before the key, as in the default modes. Leaving the syllable to the module there put it after
    /// the key wherever the application's reset comes after the key's effect: gnome-text-editor on
    /// Debian 13 typed `첫 ⏎줄` for `첫 줄⏎`, while a GTK 4 text view, which resets first, was right.
    public var commitsItsCopyBeforeAnUnhandledKey: Bool {
        ibusVersion < 1_05_29 && (name?.hasPrefix("gtk4-im") ?? false)
            && capabilities & Self.waitsForReplyCapability == 0
    }

    /// How long at most a key is forwarded after the text it follows to an XIM client, in
    /// milliseconds, or `nil` to forward it at once. LibreOffice's own X11 backend
    /// (`SAL_USE_VCLPLUGIN=gen`) through ibus-x11 dropped a Return forwarded right after the commit
    /// of the syllable it ends (`첫 줄둘째 줄` for `첫 줄⏎둘째 줄`), every time. An LD_PRELOAD trace of
    /// its Xlib calls showed the commit's stand-in key and then the Return read in that order, Return
    /// as Return: LibreOffice drops it after (its `HandleKeyEvent` turns a key that has text into a
    /// commit while it counts the preedit as active, and that commit ignores a lone control
    /// character). Xlib runs a preedit message as soon as it reads it but queues a commit or a key for
    /// later, so the next key's preedit, read before the Return was handled, made it active again;
    /// and it reverses commits and keys it reads in one go. So the key goes once LibreOffice has
    /// reported its cursor after the commit, or this long after it, and until nothing is held the
    /// engine sends one commit or key at a time, what follows waiting until the client has handled it:
    /// a commit, until its next cursor report; a key, until its next key event, which ibus-x11's XIM
    /// library holds back until Xlib has read the forwarded key (XIM_SYNC_REPLY)
    /// (`hangul_ibus_engine_forward_key_later`, contrib/ibus/README.md). The engine cannot tell
    /// LibreOffice from xterm (ibus-x11 names every input context `xim`), so every XIM client gets
    /// this; only a key forwarded after text starts it.
    public var forwardDelayAfterText: UInt32? {
        preeditKeeper == .engine ? 50 : nil
    }

    public var unhandledKeyOrder: UnhandledKeyOrder {
        if let name {
            if commitsItsOwnPreedit || name.hasPrefix("gtk4-im") { return .returnUnhandled }
            return capabilities & Self.waitsForReplyCapability != 0 ? .returnUnhandled : .forward
        }
        // Unnamed: GTK says how it waits; of the rest, a client that reports surrounding text is most
        // likely Qt (where forwarding garbles the key), one that does not is ibus-x11.
        if capabilities & Self.waitsForReplyCapability != 0 { return .returnUnhandled }
        return capabilities & Self.surroundingTextCapability != 0 ? .returnUnhandled : .forward
    }
}
