import HangulCore

/// The key logic of one input session, shared by the daemon and `hangul-compose`.
///
/// A state machine in the house style: ``handle(_:)`` takes a key event and returns what the
/// frontend must do (``KeyResult``); the caller performs the I/O. It owns the ``Composer``, the
/// Hangul/Latin mode and the content type, and remembers which presses it handled so their releases
/// are handled too. The rules are PROTOCOL.md section 9, in its order. Handling a key allocates
/// nothing beyond what the composer does (nothing).
///
/// Session features beyond composition belong here, not in ``Composer``, which stays a pure
/// per-syllable automaton: hanja conversion, the next one, is a module of its own (its dictionary is
/// data loaded at run time) that the context consults when a key asks for candidates, keeping the
/// candidate state beside the composer. The daemon's session and `hangul-compose` then get the
/// feature together, since both drive this type.
public struct InputContext: Sendable {
    /// The Hangul composer; change its layout and options with ``setLayout(_:)`` and
    /// ``setOptions(_:)``, which commit first.
    public private(set) var composer: Composer
    /// The mode chosen with the toggle keys, ``setMode(_:)`` and ``toggle()``.
    ///
    /// In a password field this is the mode to come back to; what the frontend shows is
    /// ``effectiveMode``.
    public private(set) var mode: InputMode
    /// The kind of field with focus; passwords get no composition.
    public private(set) var contentType: ContentType = .normal
    /// Key chords that flip between Hangul and Latin in either mode: by default the 한/영 key
    /// (`Hangul`) and Shift+space. A chord may be a modifier key such as `Alt_R`.
    public var toggleKeys: [KeyChord] = [KeyChord(keysym: .hangul), KeyChord(keysym: .space, modifiers: .shift)]
    /// Whether Escape also switches to Latin, for vi users who leave insert mode with it.
    public var escapeSwitchesToLatin = false
    /// The keycode decoder; without one (or without keycodes in events) positions come from keysyms.
    public var decoder: KeyDecoder?
    var pressedKeys = PressedKeys()

    public init(
        layout: Layout = .dubeolsik, options: ComposerOptions = ComposerOptions(), mode: InputMode = .hangul,
        decoder: KeyDecoder? = nil
    ) {
        self.composer = Composer(layout: layout, options: options)
        self.mode = mode
        self.decoder = decoder
    }

    /// The mode keys are actually read in, which replies report: ``InputMode/latin`` in a password
    /// field whatever ``mode`` says, otherwise ``mode``.
    public var effectiveMode: InputMode { contentType == .password ? .latin : mode }

    /// The syllable being composed.
    public var preedit: ComposedText { composer.preedit }

    /// Handles one key event.
    ///
    /// A release changes nothing and is handled exactly when the last press of the same key was
    /// handled and not yet released (section 9.4). A press goes through the rules of section 9.1,
    /// the first that matches deciding: a password field passes every key; a toggle key flips the
    /// mode (even a modifier key such as `Alt_R`); Latin mode passes the key; a bare modifier passes
    /// and keeps the preedit; with Control, Alt, Super or AltGr held the preedit is committed and the
    /// key passes (a shortcut acts on finished text); BackSpace deletes a jamo when there is one;
    /// Escape commits and passes (and may switch to Latin); other named keys commit and pass; any
    /// other key is read as a layout position (section 9.2), and a key without one commits and
    /// passes.
    public mutating func handle(_ event: KeyEvent) -> KeyResult {
        let key = PressedKeys.key(of: event)
        if event.isRelease {
            return KeyResult(handled: pressedKeys.unmark(key), preedit: composer.preedit, mode: effectiveMode)
        }
        let result = press(event)
        if result.handled {
            pressedKeys.mark(key)
        } else {
            pressedKeys.unmark(key)
        }
        return result
    }

    /// The rules for a press, section 9.1 in order.
    private mutating func press(_ event: KeyEvent) -> KeyResult {
        let keysym = event.keysym
        if contentType == .password { return unchanged() }
        if toggleKeys.contains(where: { $0.matches(keysym: keysym, modifiers: event.modifiers) }) {
            let commit = toggle()
            return KeyResult(handled: true, commit: commit, preedit: composer.preedit, mode: effectiveMode)
        }
        if mode == .latin || keysym.isModifier { return unchanged() }
        if !event.modifiers.isDisjoint(with: ModifierMask.nonHangul) { return committed(composer.flush()) }
        if keysym == .backSpace {
            let output = composer.backspace()
            return KeyResult(handled: output.consumed, commit: output.commit, preedit: output.preedit, mode: mode)
        }
        if keysym == .escape {
            let commit = composer.flush()
            if escapeSwitchesToLatin { mode = .latin }
            return committed(commit)
        }
        if keysym.isNamedKey { return committed(composer.flush()) }
        guard let position = position(of: event) else { return committed(composer.flush()) }
        let output = composer.process(position)
        return KeyResult(handled: output.consumed, commit: output.commit, preedit: output.preedit, mode: mode)
    }

    /// An unhandled press that changes nothing: the preedit stays as it is.
    private func unchanged() -> KeyResult {
        KeyResult(handled: false, preedit: composer.preedit, mode: effectiveMode)
    }

    /// An unhandled press after the preedit was committed: the preedit is empty now.
    private func committed(_ commit: ComposedText) -> KeyResult {
        KeyResult(handled: false, commit: commit, preedit: ComposedText(), mode: effectiveMode)
    }

    /// The layout position of a key (section 9.2): from the physical key when the event has a keycode
    /// and a decoder is set, since that is what a layout is keyed by; otherwise from a printable ASCII
    /// keysym, with CapsLock undone.
    private func position(of event: KeyEvent) -> KeyPosition? {
        // Romaja spells Hangul with the letters the user's own layout types (a Dvorak user writes
        // "han" with Dvorak's h, a, n), so it reads the keysym; every other layout is positional.
        if composer.layout.kind != .romaja, let decoder, let keycode = event.keycode {
            return decoder.position(keycode: keycode, modifiers: event.modifiers)
        }
        return KeyDecoder.position(keysym: event.keysym, modifiers: event.modifiers)
    }

    /// Commits the preedit, as on focus out; returns the text to insert.
    public mutating func flush() -> ComposedText {
        composer.flush()
    }

    /// Drops the preedit without committing it, as when the application resets the field.
    public mutating func cancel() {
        composer.reset()
    }

    /// Sets the mode; entering Latin mode commits the preedit first, and the commit is returned.
    ///
    /// Setting the current mode changes nothing and commits nothing: a preedit stays. In a password
    /// field the mode is recorded for when the field loses that type.
    public mutating func setMode(_ newMode: InputMode) -> ComposedText {
        guard newMode != mode else { return ComposedText() }
        let commit = newMode == .latin ? composer.flush() : ComposedText()
        mode = newMode
        return commit
    }

    /// Flips the mode, committing the preedit when leaving Hangul; returns the commit.
    public mutating func toggle() -> ComposedText {
        setMode(mode.toggled)
    }

    /// Sets the content type; entering a password field commits the preedit, which is returned.
    ///
    /// Marked presses are kept: a key pressed (and handled) before the field became a password
    /// field is still handled on release, so the application never sees half a keystroke.
    public mutating func setContentType(_ newType: ContentType) -> ComposedText {
        let commit = newType == .password ? composer.flush() : ComposedText()
        contentType = newType
        return commit
    }

    /// Switches layout, committing the preedit first (it was composed under the old layout).
    public mutating func setLayout(_ layout: Layout) -> ComposedText {
        let commit = composer.flush()
        composer.layout = layout
        return commit
    }

    /// Changes composer options, committing the preedit first; returns the commit.
    public mutating func setOptions(_ options: ComposerOptions) -> ComposedText {
        let commit = composer.flush()
        composer.options = options
        return commit
    }
}
