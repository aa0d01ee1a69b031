import HangulCore

/// The key logic of one input session, shared by the daemon and `hangul-compose`.
///
/// A state machine in the house style: ``handle(_:)`` takes a key event and returns what the
/// frontend must do (``KeyResult``); the caller performs the I/O. It owns the ``Composer``, the
/// Hangul/Latin mode and the content type, and remembers which presses it handled so their releases
/// are handled too. Handling a key allocates nothing beyond what the composer does (nothing).
public struct InputContext: Sendable {
    /// The Hangul composer; change its layout and options with ``setLayout(_:)`` and
    /// ``setOptions(_:)``, which commit first.
    public private(set) var composer: Composer
    /// Whether keys type Hangul.
    public private(set) var mode: InputMode
    /// The kind of field with focus; passwords get no composition.
    public private(set) var contentType: ContentType = .normal
    /// Key chords that flip between Hangul and Latin in either mode: by default the 한/영 key
    /// (`Hangul`) and Shift+space.
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

    /// The syllable being composed.
    public var preedit: ComposedText { composer.preedit }

    /// Handles one key event.
    ///
    /// In order: a release is handled exactly when its press was, and changes nothing else; a bare
    /// modifier press changes nothing; a toggle chord commits the preedit and flips the mode; in
    /// Latin mode or a password field keys pass through; with Control, Alt or Super held the preedit
    /// is committed and the key passes (a shortcut acts on finished text); BackSpace deletes a jamo
    /// when there is one; Escape and other named non-text keys commit and pass (Escape may also switch
    /// to Latin); any other key is read as a layout position, from the keycode when there is one
    /// and a decoder (except on romaja layouts, which read the typed letter), otherwise from the
    /// keysym. A key with no position commits and passes.
    public mutating func handle(_ event: KeyEvent) -> KeyResult {
        let key = PressedKeys.key(of: event)
        if event.isRelease {
            return KeyResult(handled: pressedKeys.remove(key), preedit: composer.preedit, mode: mode)
        }
        let (handled, commit) = press(event)
        if handled {
            pressedKeys.insert(key)
        } else {
            pressedKeys.remove(key)
        }
        return KeyResult(handled: handled, commit: commit, preedit: composer.preedit, mode: mode)
    }

    /// The rules for a press, returning whether it was handled and what to commit.
    private mutating func press(_ event: KeyEvent) -> (handled: Bool, commit: ComposedText) {
        let keysym = event.keysym
        if keysym.isModifier { return (false, ComposedText()) }
        for chord in toggleKeys where chord.matches(keysym: keysym, modifiers: event.modifiers) {
            return (true, toggle())
        }
        if mode == .latin || contentType == .password { return (false, ComposedText()) }
        if !event.modifiers.isDisjoint(with: ModifierMask.nonHangul) { return (false, composer.flush()) }
        if keysym == .backSpace {
            let output = composer.backspace()
            return (output.consumed, output.commit)
        }
        if keysym == .escape {
            let commit = composer.flush()
            if escapeSwitchesToLatin { mode = .latin }
            return (false, commit)
        }
        if keysym.isNonTextKey { return (false, composer.flush()) }
        guard let position = position(of: event) else { return (false, composer.flush()) }
        let output = composer.process(position)
        return (output.consumed, output.commit)
    }

    /// The layout position of a key: from the physical key when possible, since that is what a
    /// layout is keyed by; from the keysym on romaja layouts, which spell with the typed letters.
    private func position(of event: KeyEvent) -> KeyPosition? {
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

    /// Sets the mode; leaving Hangul mode commits the preedit first, and the commit is returned.
    /// Setting the current mode changes nothing and commits nothing.
    public mutating func setMode(_ newMode: InputMode) -> ComposedText {
        guard newMode != mode else { return ComposedText() }
        let commit = composer.flush()
        mode = newMode
        return commit
    }

    /// Flips the mode after committing the preedit; returns the commit.
    public mutating func toggle() -> ComposedText {
        setMode(mode.toggled)
    }

    /// Sets the content type. Entering a password field commits the preedit and forgets handled
    /// presses, so nothing typed there is ever held back; returns the commit.
    public mutating func setContentType(_ newType: ContentType) -> ComposedText {
        guard newType != contentType else { return ComposedText() }
        let commit = composer.flush()
        contentType = newType
        if newType == .password { pressedKeys.removeAll() }
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
