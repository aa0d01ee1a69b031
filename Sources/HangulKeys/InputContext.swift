import HangulCore
import HangulHanja

/// The key logic of one input session, shared by the daemon and `hangul-compose`.
///
/// A state machine in the house style: ``handle(_:)`` takes a key event and returns what the
/// frontend must do (``KeyResult``); the caller performs the I/O. It owns the composer (a
/// ``WordComposer``, which holds the word in word-commit mode and passes each syllable through in
/// syllable mode), the Hangul/Latin mode and the content type, and remembers which presses it
/// handled so their releases are handled too. The rules are PROTOCOL.md section 9, in its order.
/// Handling a key in syllable mode allocates nothing beyond what the composer does (nothing); in
/// word mode only the word's storage grows, to the longest word typed (see ``WordComposer``).
///
/// In word mode every rule that commits the preedit commits the whole word: space and every other
/// key without a Hangul position, punctuation, a shortcut, Escape and the other named keys, a
/// toggle, a focus change (``flush()``), a change of options; a hanja key converts the word or,
/// with no candidates, commits it as any named key does. BackSpace edits inside the word.
///
/// Session features beyond composition belong here, not in ``Composer``, which stays a pure
/// per-syllable automaton: hanja conversion consults a ``HanjaDictionarySource`` (HangulHanja, data
/// loaded at run time) when a hanja key asks for candidates, and keeps the open list in a
/// ``CandidateList`` beside the composer. The daemon's session and `hangul-compose` get the feature
/// together, since both drive this type.
public struct InputContext: Sendable {
    /// The composer, holding the word in word mode; change its layout, options and unit with
    /// ``setLayout(_:)``, ``setOptions(_:)`` and ``setCommitUnit(_:)``, which commit first.
    public internal(set) var word: WordComposer
    /// The mode chosen with the toggle keys, ``setMode(_:)`` and ``toggle()``.
    ///
    /// In a password field this is the mode to come back to; what the frontend shows is
    /// ``effectiveMode``.
    public internal(set) var mode: InputMode
    /// The kind of field with focus; passwords get no composition.
    public private(set) var contentType: ContentType = .normal
    /// Key chords that flip between Hangul and Latin in either mode: by default the 한/영 key
    /// (`Hangul`) and Shift+space (the option table's default). A chord may be a modifier key such
    /// as `Alt_R`.
    public var toggleKeys: [KeyChord] = OptionKey.toggleKeys.defaultValue.keys ?? [] {
        didSet { indexChords() }
    }
    /// Key chords that switch to Hangul, and to Latin, whatever the mode (`hangul-keys`,
    /// `latin-keys`): none by default. Checked after ``toggleKeys``, with the same matching.
    public var hangulKeys: [KeyChord] = OptionKey.hangulKeys.defaultValue.keys ?? [] {
        didSet { indexChords() }
    }
    public var latinKeys: [KeyChord] = OptionKey.latinKeys.defaultValue.keys ?? [] {
        didSet { indexChords() }
    }
    /// Whether Escape also switches to Latin, for vi users who leave insert mode with it.
    public var escapeSwitchesToLatin = OptionKey.escapeToLatin.defaultValue.flag ?? false
    /// The keycode decoder; without one (or without keycodes in events) positions come from keysyms.
    public var decoder: KeyDecoder?
    /// Key chords that open the hanja candidate list, and close it again: by default `Hangul_Hanja`
    /// and `F9` (the option table's default). At most 16 on the wire, like ``toggleKeys``.
    public var hanjaKeys: [KeyChord] = OptionKey.hanjaKeys.defaultValue.keys ?? [] {
        didSet { indexChords() }
    }
    /// Where candidates come from; nil (or an empty dictionary) leaves hanja keys to pass as named
    /// keys, as before conversion existed.
    public var hanja: HanjaDictionarySource?
    /// The candidate list, open or closed.
    public private(set) var candidateList = CandidateList()
    /// Up to ``surroundingLimit`` characters before the cursor, as the frontend last sent them; empty
    /// once a key other than a hanja key, a fix key or a bare modifier is pressed, since such a key
    /// may have changed the text or moved the cursor.
    public internal(set) var textBeforeCursor = ""
    /// The selected text, as the frontend last sent it, forgotten like ``textBeforeCursor``.
    public internal(set) var selection = ""
    /// Key chords that convert the word typed in the wrong mode and switch the mode (`fix-keys`,
    /// PROTOCOL.md section 9.7): by default Shift+`Hangul` and `Pause`. Checked after the mode keys.
    public var fixKeys: [KeyChord] = OptionKey.fixKeys.defaultValue.keys ?? [] {
        didSet { indexChords() }
    }
    /// The rule the fix keys and automatic repair apply; nil leaves them doing nothing.
    public var wrongMode: (any WrongModeRule)?
    /// Whether a word typed in the wrong mode is repaired when it ends (`auto-fix`, PROTOCOL.md
    /// section 9.8); off by default.
    public var autoFix = OptionKey.autoFix.defaultValue.flag ?? false {
        didSet { forgetTypedWord() }
    }
    /// With ``autoFix``, the word being typed as the application holds it (the preedit not included),
    /// and what the last repair replaced while BackSpace may still undo it.
    var typedWord = TypedWord()
    var lastRepair: WordRepair?
    /// What the last fix key replaced, while the next press may still undo it; nil otherwise.
    var lastFix: WrongModeFix?
    var pressedKeys = PressedKeys()
    /// A press of a mode key that acts on its tap (``KeyChord/actsOnTap``, Caps Lock): the key, and
    /// what its release does if no other key is pressed before it (PROTOCOL.md section 9.9).
    private var pendingTap: (key: UInt64, action: TapAction)?
    /// The keys the five chord lists above name, so a typing key searches none of them; kept by
    /// ``indexChords()`` whenever a list changes.
    private var chordKeysyms = ChordKeysyms()

    /// What a tapped mode key does: the list it was found in decides.
    private enum TapAction: Sendable { case toggle, hangul, latin }

    /// The characters of text before the cursor a session keeps: the longest key a suffix lookup
    /// needs in practice (the system dictionary's longest key has fewer).
    public static let surroundingLimit = 32

    public init(
        layout: Layout = .dubeolsik, options: ComposerOptions = ComposerOptions(), mode: InputMode = .hangul,
        decoder: KeyDecoder? = nil, commitUnit: CommitUnit = .syllable
    ) {
        self.word = WordComposer(layout: layout, options: options, unit: commitUnit)
        self.mode = mode
        self.decoder = decoder
        indexChords()
    }

    /// Makes ``chordKeysyms`` the filter of the lists as they are now.
    private mutating func indexChords() {
        chordKeysyms = ChordKeysyms(toggleKeys, hangulKeys, latinKeys, hanjaKeys, fixKeys)
    }

    /// The mode keys are actually read in, which replies report: ``InputMode/latin`` in a password
    /// field whatever ``mode`` says, otherwise ``mode``.
    public var effectiveMode: InputMode { contentType == .password ? .latin : mode }

    /// The per-syllable automaton inside ``word``: its layout and options are the session's.
    public var composer: Composer { word.composer }

    /// Whether a key commits each syllable or the preedit holds the word.
    public var commitUnit: CommitUnit { word.unit }

    /// What is being composed: the syllable, or in word mode the whole word.
    public var preedit: WordText { word.preedit }

    /// Records the text before the cursor and the selection, from the frontend, for the next hanja
    /// key or fix key; keeps the last ``surroundingLimit`` characters (Unicode scalars) of the text, and the
    /// selection whole (the protocol bounds it).
    public mutating func setSurroundingText(beforeCursor text: String, selection: String = "") {
        let scalars = text.unicodeScalars
        let start = scalars.index(scalars.endIndex, offsetBy: -Self.surroundingLimit, limitedBy: scalars.startIndex)
        textBeforeCursor = String(scalars[(start ?? scalars.startIndex)...])
        self.selection = selection
    }

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
    /// passes. Caps Lock in a mode key list acts on its release instead, when no other key was
    /// pressed since its press (section 9.9).
    public mutating func handle(_ event: KeyEvent) -> KeyResult {
        let key = PressedKeys.key(of: event)
        if event.isRelease {
            if let tap = pendingTap, tap.key == key {
                pendingTap = nil
                return tapped(tap.action, handled: pressedKeys.unmark(key))
            }
            return KeyResult(handled: pressedKeys.unmark(key), preedit: word.preedit, mode: effectiveMode)
        }
        // Checked here only for Caps Lock: a non-mutating call from this path copies the context.
        pendingTap = event.keysym == .capsLock ? tapAction(of: event).map { (key, $0) } : nil
        let result = press(event)
        if result.handled {
            pressedKeys.mark(key)
        } else {
            pressedKeys.unmark(key)
        }
        return result
    }

    /// A press: with `auto-fix` on, through ``pressRepairingWords(_:)``, which calls ``pressKey(_:)``.
    private mutating func press(_ event: KeyEvent) -> KeyResult {
        autoFix ? pressRepairingWords(event) : pressKey(event)
    }

    /// A press: first to the candidate list when one is open, else through the rules.
    mutating func pressKey(_ event: KeyEvent) -> KeyResult {
        let namesChord = chordKeysyms.mayName(event.keysym)
        let isHanjaKey =
            namesChord && hanjaKeys.contains { $0.matches(keysym: event.keysym, modifiers: event.modifiers) }
        let isFixKey =
            namesChord && fixKeys.contains { $0.matches(keysym: event.keysym, modifiers: event.modifiers) }
        if !isHanjaKey && !isFixKey && !event.keysym.isModifier { forgetSurroundingText() }
        // A fix can be undone only by the very next press (a bare modifier does not count).
        let undoable = lastFix
        if lastFix != nil, !event.keysym.isModifier { lastFix = nil }
        let fix: FixKeyPress? = isFixKey ? FixKeyPress(undoing: undoable) : nil
        guard candidateList.isOpen else { return pressRules(event, isHanjaKey: isHanjaKey, fix: fix) }
        switch candidateList.handle(keysym: event.keysym, modifiers: event.modifiers, isHanjaKey: isHanjaKey) {
        case .show:
            var result = KeyResult(handled: true, preedit: word.preedit, mode: effectiveMode)
            result.candidates = .shown
            return result
        case .ignore:
            return Self.unchanged(preedit: word.preedit, mode: effectiveMode)
        case .pick(let index):
            return pick(index)
        case .close:
            candidateList.close()
            var result = KeyResult(handled: true, preedit: word.preedit, mode: effectiveMode)
            result.candidates = .closed
            return result
        case .closeThenProcess:
            candidateList.close()
            var result = pressRules(event, isHanjaKey: false, fix: fix)
            result.candidates = .closed
            return result
        }
    }

    /// The rules for a press, section 9.1 in order.
    private mutating func pressRules(_ event: KeyEvent, isHanjaKey: Bool, fix: FixKeyPress?) -> KeyResult {
        let keysym = event.keysym
        if contentType == .password { return Self.unchanged(preedit: word.preedit, mode: effectiveMode) }
        if chordKeysyms.mayName(keysym), let result = pressModeKey(event) { return result }
        if let fix { return pressFixKey(fix) }
        if mode == .latin || keysym.isModifier { return Self.unchanged(preedit: word.preedit, mode: effectiveMode) }
        if isHanjaKey && openCandidates() {
            var result = KeyResult(handled: true, preedit: word.preedit, mode: mode)
            result.candidates = .shown
            return result
        }
        if !event.modifiers.isDisjoint(with: ModifierMask.nonHangul) {
            return Self.committed(word.flush(), mode: effectiveMode)
        }
        if keysym == .backSpace {
            let output = word.backspace()
            return KeyResult(handled: output.consumed, commit: output.commit, preedit: output.preedit, mode: mode)
        }
        if keysym == .escape {
            let commit = word.flush()
            if escapeSwitchesToLatin { mode = .latin }
            return Self.committed(commit, mode: effectiveMode)
        }
        if keysym.isNamedKey { return Self.committed(word.flush(), mode: effectiveMode) }
        let readsKeysyms = word.composer.layout.kind == .romaja
        guard let position = Self.position(of: event, readsKeysyms: readsKeysyms, decoder: decoder) else {
            return Self.committed(word.flush(), mode: effectiveMode)
        }
        let output = word.process(position)
        return KeyResult(handled: output.consumed, commit: output.commit, preedit: output.preedit, mode: mode)
    }

    /// A press of a toggle, Hangul or Latin key (one that acts on its press, section 9.1): the mode
    /// switches, committing; nil for any other key. Never inlined: a typing key, which the filter
    /// keeps from here, need not carry its code.
    @inline(never)
    private mutating func pressModeKey(_ event: KeyEvent) -> KeyResult? {
        let pressed = { (chord: KeyChord) in
            !chord.actsOnTap && chord.matches(keysym: event.keysym, modifiers: event.modifiers)
        }
        let commit: WordText
        if toggleKeys.contains(where: pressed) {
            commit = toggle()
        } else if hangulKeys.contains(where: pressed) {
            commit = setMode(.hangul)
        } else if latinKeys.contains(where: pressed) {
            commit = setMode(.latin)
        } else {
            return nil
        }
        return KeyResult(handled: true, commit: commit, preedit: word.preedit, mode: effectiveMode)
    }

    /// The mode key a press is, when it acts on its tap (Caps Lock in a mode key list): the release
    /// acts, if no other key is pressed first. Not in a password field, where no mode key works.
    private func tapAction(of event: KeyEvent) -> TapAction? {
        guard event.keysym == .capsLock, contentType != .password else { return nil }
        let matches = { (chord: KeyChord) in
            chord.actsOnTap && chord.matches(keysym: event.keysym, modifiers: event.modifiers)
        }
        if toggleKeys.contains(where: matches) { return .toggle }
        if hangulKeys.contains(where: matches) { return .hangul }
        if latinKeys.contains(where: matches) { return .latin }
        return nil
    }

    /// The release of a tapped mode key: the mode switches, committing as ``setMode(_:)`` does (and
    /// closing a candidate list). Handled as its press was (unhandled: the press went through the rules
    /// as a bare modifier, so the application sees the whole key, as it does the lock it sets).
    private mutating func tapped(_ action: TapAction, handled: Bool) -> KeyResult {
        let wasOpen = candidateList.isOpen
        let commit: WordText
        switch action {
        case .toggle: commit = toggle()
        case .hangul: commit = setMode(.hangul)
        case .latin: commit = setMode(.latin)
        }
        var result = KeyResult(handled: handled, commit: commit, preedit: word.preedit, mode: effectiveMode)
        if wasOpen && !candidateList.isOpen { result.candidates = .closed }
        return result
    }

    /// Opens the candidate list for a hanja key, in the order of PROTOCOL.md section 9.5: a lone
    /// jamo's symbols, else a prefix match of the preedit, else a suffix match of the text before the
    /// cursor, else the selection's own candidates. Returns whether anything matched.
    private mutating func openCandidates() -> Bool {
        guard let dictionary = hanja?.dictionary, !dictionary.isEmpty else { return false }
        let preedit = word.preedit
        if !preedit.isEmpty {
            let isLoneJamo =
                !preedit.hasFinishedSyllables && preedit.rest.count == 1 && (0x3131...0x318E).contains(preedit.rest[0])
            return candidateList.open(preedit.string, isLoneJamo ? .exact : .prefix, in: dictionary, source: .preedit)
        }
        if !textBeforeCursor.isEmpty {
            return candidateList.open(textBeforeCursor, .suffix, in: dictionary, source: .beforeCursor)
        }
        if !selection.isEmpty {
            return candidateList.open(selection, .exact, in: dictionary, source: .selection)
        }
        return false
    }

    /// Commits the candidate at `index` of the open list in place of the text its key covers, and
    /// closes the list; nil when no list is open or the index is outside it.
    ///
    /// From the preedit, the key covers the preedit's start. In syllable mode that is the whole
    /// syllable, and characters after the key, which only a preedit of several characters (old
    /// Hangul, conjoining jamo) can have, are committed after the candidate as they are. In word
    /// mode the key may be a part of the word (대한 of 대한민국): its syllables are converted and the
    /// rest of the word stays in the preedit, composing, to convert next (as ibus-hangul's word
    /// mode does; ``WordComposer/removePrefix(scalars:)``). From the text before the cursor, the
    /// frontend deletes as many characters as the key has. Over a selection, the commit replaces it
    /// as typing would.
    public mutating func pickCandidate(at index: Int) -> KeyResult? {
        guard candidateList.isOpen, candidateList.candidates.indices.contains(index) else { return nil }
        return pick(index)
    }

    private mutating func pick(_ index: Int) -> KeyResult {
        let candidate = candidateList.candidates[index]
        var converted = candidate.value
        var deleteBefore = 0
        switch candidateList.source {
        case .preedit:
            let leftover = word.removePrefix(scalars: candidate.keyScalarCount)
            for offset in 0..<leftover.count {
                if let scalar = Unicode.Scalar(leftover[offset]) { converted.unicodeScalars.append(scalar) }
            }
        case .beforeCursor:
            deleteBefore = candidate.keyScalarCount
            textBeforeCursor = ""
        case .selection:
            selection = ""
        }
        candidateList.close()
        var result = KeyResult(handled: true, preedit: word.preedit, mode: effectiveMode)
        result.converted = converted
        result.deleteBefore = deleteBefore
        result.candidates = .closed
        return result
    }

    /// Closes the candidate list without converting; returns whether one was open.
    @discardableResult
    public mutating func closeCandidates() -> Bool {
        guard candidateList.isOpen else { return false }
        candidateList.close()
        return true
    }

    private mutating func forgetSurroundingText() {
        if !textBeforeCursor.isEmpty { textBeforeCursor = "" }
        if !selection.isEmpty { selection = "" }
    }

    // The three helpers below are static and take what they read: called as methods from the
    // mutating key path, each call copied the whole context (about 1.3 KiB, and a retain of every
    // reference in it) to pass it as `self`, on every key.

    /// An unhandled press that changes nothing: the preedit stays as it is.
    private static func unchanged(preedit: WordText, mode: InputMode) -> KeyResult {
        KeyResult(handled: false, preedit: preedit, mode: mode)
    }

    /// An unhandled press after the preedit was committed: the preedit is empty now.
    private static func committed(_ commit: WordText, mode: InputMode) -> KeyResult {
        KeyResult(handled: false, commit: commit, preedit: WordText(), mode: mode)
    }

    /// The layout position of a key (section 9.2): from the physical key when the event has a keycode
    /// and a decoder is set, since that is what a layout is keyed by; otherwise from a printable ASCII
    /// keysym, with CapsLock undone.
    ///
    /// Romaja spells Hangul with the letters the user's own layout types (a Dvorak user writes "han"
    /// with Dvorak's h, a, n), so on romaja (`readsKeysyms`) it reads the keysym; every other layout
    /// is positional.
    private static func position(of event: KeyEvent, readsKeysyms: Bool, decoder: KeyDecoder?) -> KeyPosition? {
        if !readsKeysyms, let decoder, let keycode = event.keycode {
            return decoder.position(keycode: keycode, modifiers: event.modifiers)
        }
        return KeyDecoder.position(keysym: event.keysym, modifiers: event.modifiers)
    }

    /// Commits the preedit, as on focus out; returns the text to insert.
    public mutating func flush() -> WordText {
        closeCandidates()
        lastFix = nil
        forgetTypedWord()
        return word.flush()
    }

    /// Drops the preedit without committing it, as when the application resets the field.
    public mutating func cancel() {
        closeCandidates()
        lastFix = nil
        forgetTypedWord()
        word.reset()
    }

    /// Sets the mode; entering Latin mode commits the preedit first, and the commit is returned.
    ///
    /// Setting the current mode changes nothing and commits nothing: a preedit stays. In a password
    /// field the mode is recorded for when the field loses that type.
    public mutating func setMode(_ newMode: InputMode) -> WordText {
        guard newMode != mode else { return WordText() }
        closeCandidates()
        lastFix = nil
        forgetTypedWord()
        let commit = newMode == .latin ? word.flush() : WordText()
        mode = newMode
        return commit
    }

    /// Flips the mode, committing the preedit when leaving Hangul; returns the commit.
    public mutating func toggle() -> WordText {
        setMode(mode.toggled)
    }

    /// Sets the content type; entering a password field commits the preedit, which is returned.
    ///
    /// Marked presses are kept: a key pressed (and handled) before the field became a password
    /// field is still handled on release, so the application never sees half a keystroke.
    public mutating func setContentType(_ newType: ContentType) -> WordText {
        if newType == .password { closeCandidates() }
        let commit = newType == .password ? word.flush() : WordText()
        contentType = newType
        return commit
    }

    /// Switches layout, committing the preedit first (it was composed under the old layout).
    public mutating func setLayout(_ layout: Layout) -> WordText {
        closeCandidates()
        return word.configure(layout: layout, options: word.options)
    }

    /// Changes composer options, committing the preedit first; returns the commit.
    public mutating func setOptions(_ options: ComposerOptions) -> WordText {
        closeCandidates()
        return word.configure(layout: word.layout, options: options)
    }

    /// Changes the commit unit, committing the preedit first (the word, in word mode): the unit
    /// never changes inside a word. Setting the unit the session has changes nothing.
    public mutating func setCommitUnit(_ unit: CommitUnit) -> WordText {
        guard unit != word.unit else { return WordText() }
        closeCandidates()
        return word.setUnit(unit)
    }
}
