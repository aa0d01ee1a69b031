import HangulCore

/// What a fix key replaced, kept until the next press so that pressing the key again undoes it.
struct WrongModeFix: Sendable {
    /// The text as it was typed (and stood in the field or the preedit), trailing spaces included.
    var original: String
    /// What replaced it, the same trailing spaces included.
    var replacement: String
    /// The mode before the fix switched it.
    var modeBefore: InputMode
}

/// A press of a fix key, with the fix it may undo (the one made by the press just before).
struct FixKeyPress {
    var undoing: WrongModeFix?
}

extension InputContext {
    /// A fix key (PROTOCOL.md section 9.7): undoes the fix made by the press just before, or fixes the
    /// word before the cursor (the text from `set_surrounding_text` and the preedit), or else the
    /// selection; always handled. Text the rule leaves alone, or no rule at all, changes nothing.
    mutating func pressFixKey(_ press: FixKeyPress) -> KeyResult {
        if let undo = press.undoing {
            mode = undo.modeBefore
            forgetFixedText()
            return fixResult(insert: undo.original, deleteBefore: undo.replacement.unicodeScalars.count)
        }
        guard let rule = wrongMode, let target = fixTarget(), !target.word.isEmpty,
            let fixed = rule.fix(target.word, layout: word.composer.layout, options: word.options),
            fixed != target.word
        else {
            return KeyResult(handled: true, preedit: word.preedit, mode: effectiveMode)
        }
        let modeBefore = mode
        if !word.preedit.isEmpty { word.reset() }
        if let typedIn = Self.modeOfLastLetter(fixed) { mode = typedIn }
        forgetFixedText()
        lastFix = WrongModeFix(
            original: target.word + target.trailing, replacement: fixed + target.trailing, modeBefore: modeBefore)
        return fixResult(insert: fixed + target.trailing, deleteBefore: target.deleteBefore)
    }

    /// The text a fix key works on: the last word before the cursor (a run of characters other than
    /// white space, with the white space after it, which stays), made of the end of the text before
    /// the cursor and the preedit; or, with neither, the selection, whole. `deleteBefore` counts the
    /// characters of it already in the field (the preedit is not).
    private func fixTarget() -> (word: String, trailing: String, deleteBefore: Int)? {
        let preedit = word.preedit.string
        if preedit.isEmpty, textBeforeCursor.isEmpty {
            return selection.isEmpty ? nil : (selection, "", 0)
        }
        let scalars = Array((textBeforeCursor + preedit).unicodeScalars)
        var end = scalars.count
        while end > 0, scalars[end - 1].properties.isWhitespace { end -= 1 }
        var start = end
        while start > 0, !scalars[start - 1].properties.isWhitespace { start -= 1 }
        var wordText = String.UnicodeScalarView()
        wordText.append(contentsOf: scalars[start..<end])
        var trailing = String.UnicodeScalarView()
        trailing.append(contentsOf: scalars[end...])
        let inField = scalars.count - start - preedit.unicodeScalars.count
        return (String(wordText), String(trailing), max(0, inField))
    }

    /// The mode a fixed text was meant to be typed in: Hangul when its last letter is Hangul, Latin
    /// when it is a Latin letter; nil when it has no letter.
    static func modeOfLastLetter(_ text: String) -> InputMode? {
        for scalar in text.unicodeScalars.reversed() {
            if Syllable.isPrecomposed(scalar.value) || (0x3131...0x318E).contains(scalar.value) { return .hangul }
            if scalar.isASCII, scalar.properties.isAlphabetic { return .latin }
        }
        return nil
    }

    /// The text around the cursor is no longer what the frontend sent once a fix replaced part of it.
    private mutating func forgetFixedText() {
        textBeforeCursor = ""
        selection = ""
    }

    private func fixResult(insert text: String, deleteBefore: Int) -> KeyResult {
        var result = KeyResult(handled: true, preedit: word.preedit, mode: effectiveMode)
        result.converted = text
        result.deleteBefore = deleteBefore
        return result
    }
}
