import HangulCore

/// The word being typed, as the application holds it, for automatic repair: what this session's
/// results put in the field since the last word boundary (Latin letters the application inserted,
/// Hangul committed), the preedit not included. Bounded: a run longer than any word is no word.
struct TypedWord: Sendable {
    private(set) var scalars: [Unicode.Scalar] = []
    /// Set when the run outgrew ``limit``: no repair until the next boundary.
    private(set) var overflowed = false

    static let limit = 64

    mutating func append(_ text: some Sequence<Unicode.Scalar>) {
        guard !overflowed else { return }
        scalars.append(contentsOf: text)
        if scalars.count > Self.limit {
            scalars.removeAll()
            overflowed = true
        }
    }

    mutating func removeLast() {
        if !scalars.isEmpty { scalars.removeLast() }
    }

    mutating func clear() {
        if !scalars.isEmpty { scalars.removeAll(keepingCapacity: true) }
        overflowed = false
    }
}

/// What an automatic repair replaced, kept until the next press so that BackSpace can undo it.
struct WordRepair: Sendable {
    var original: String
    var replacement: String
    /// The space or punctuation that ended the word, inserted after the replacement.
    var boundary: Unicode.Scalar
    var modeBefore: InputMode
}

extension InputContext {
    /// The characters that end a word for automatic repair: space and sentence punctuation. Not the
    /// apostrophe (don't) or the hyphen (well-known), which are inside words.
    static let wordEnds: Set<UInt32> = Set(" .,!?;:".unicodeScalars.map(\.value))

    /// A press with `auto-fix` on (PROTOCOL.md section 9.8): BackSpace right after a repair undoes it;
    /// a space or punctuation that ends a word typed in the wrong mode repairs it; every other press
    /// goes through ``pressKey(_:)`` and its result extends or ends the word being typed.
    mutating func pressRepairingWords(_ event: KeyEvent) -> KeyResult {
        let undo = lastRepair
        if !event.keysym.isModifier { lastRepair = nil }
        if let undo, event.keysym == .backSpace, event.modifiers.isDisjoint(with: ModifierMask.nonHangul),
            contentType != .password, !candidateList.isOpen, word.preedit.isEmpty
        {
            mode = undo.modeBefore
            forgetTypedWord()
            var restored = KeyResult(handled: true, preedit: word.preedit, mode: effectiveMode)
            restored.converted = undo.original + String(undo.boundary)
            restored.deleteBefore = undo.replacement.unicodeScalars.count + 1
            return restored
        }
        let modeBefore = mode
        let typedBefore = typedWord
        let result = pressKey(event)
        if let repaired = repairAtWordEnd(event, result, modeBefore: modeBefore, typedBefore: typedBefore) {
            return repaired
        }
        follow(event, result, modeBefore: modeBefore)
        return result
    }

    /// The repair of the word this press ended, or nil when it ended none or the rule leaves it alone.
    private mutating func repairAtWordEnd(
        _ event: KeyEvent, _ result: KeyResult, modeBefore: InputMode, typedBefore: TypedWord
    ) -> KeyResult? {
        guard let boundary = event.keysym.character, Self.wordEnds.contains(boundary.value),
            event.modifiers.isDisjoint(with: ModifierMask.nonHangul), contentType != .password, mode == modeBefore,
            result.preedit.isEmpty, result.candidates == .unchanged, result.deleteBefore == 0
        else { return nil }
        // What the press committed: the rest of the word (the preedit it finished), and on a layout
        // that types the punctuation itself (sebeolsik), the punctuation after it.
        var committed = Array(result.committedText.unicodeScalars)
        if result.handled {
            guard committed.last == boundary else { return nil }
            committed.removeLast()
        }
        forgetTypedWord()
        guard !typedBefore.overflowed, let rule = wrongMode else { return nil }
        var typed = String.UnicodeScalarView()
        typed.append(contentsOf: typedBefore.scalars)
        typed.append(contentsOf: committed)
        let original = String(typed)
        guard !original.isEmpty, let fixed = rule.fix(original, layout: word.composer.layout, options: word.options),
            fixed != original, let meant = Self.modeOfLastLetter(fixed), meant != mode
        else { return nil }
        lastRepair = WordRepair(original: original, replacement: fixed, boundary: boundary, modeBefore: mode)
        mode = meant
        var repaired = KeyResult(handled: true, preedit: word.preedit, mode: effectiveMode)
        repaired.converted = fixed + String(boundary)
        repaired.deleteBefore = typedBefore.scalars.count
        return repaired
    }

    /// Keeps ``typedWord`` in step with the field after a press that ended no word: what it committed,
    /// and the character the application inserts for a key it received; BackSpace the application
    /// receives takes one back; a mode switch, a shortcut or a named key (which may move the cursor)
    /// starts afresh.
    private mutating func follow(_ event: KeyEvent, _ result: KeyResult, modeBefore: InputMode) {
        if event.keysym.isModifier { return }
        guard contentType != .password, mode == modeBefore, event.modifiers.isDisjoint(with: ModifierMask.nonHangul)
        else {
            forgetTypedWord()
            return
        }
        if event.keysym == .backSpace {
            typedWord.append(result.committedText.unicodeScalars)
            if !result.handled { typedWord.removeLast() }
            return
        }
        if event.keysym.isNamedKey || result.deleteBefore > 0 {
            forgetTypedWord()
            return
        }
        typedWord.append(result.committedText.unicodeScalars)
        if !result.handled, let character = event.keysym.character {
            if Self.wordEnds.contains(character.value) {
                forgetTypedWord()
            } else {
                typedWord.append(CollectionOfOne(character))
            }
        }
    }

    mutating func forgetTypedWord() {
        typedWord.clear()
        lastRepair = nil
    }
}
