/// A plain-text way to write key presses, used by `hangul-compose` and in test tables.
///
/// The notation is stable; scripts and recorded transcripts depend on it.
///
/// - Each character stands for the key that types it on US QWERTY: `r` is keysym `r`; `R` is keysym
///   `R` with Shift; `!` is `exclam` with Shift, as are all of ``~!@#$%^&*()_+{}|:"<>?``; a space is
///   keysym `space`. Any other character is its keysym (`xkb_utf32_to_keysym`) with no modifiers.
/// - `<name>` is a key by its xkb keysym name: `<BackSpace>`, `<Return>`, `<Escape>`, `<Tab>`,
///   `<Left>`, `<space>`, `<Hangul>`. Names match exactly first, then ignoring case. A single
///   character also works as a name (`<Control+;>`). `<less>` types `<`; a lone `>` is a character.
/// - Modifiers go before the name, joined by `+`: `<Control+a>`, `<Shift+space>`, `<Alt+x>`,
///   `<Super+x>`. Accepted, ignoring case: `Shift`, `Lock`, `Control` or `Ctrl`, `Alt` or `Mod1`,
///   `Mod2`, `Mod3`, `Super` or `Mod4`, `AltGr` or `Mod5` (``ModifierMask/spellings``).
/// - A name that a US-QWERTY character key types names that key, and the keysym is what xkb gives
///   for it: `<Shift+a>` is keysym `A` with Shift, `<Shift+1>` is `exclam` with Shift, `<Lock+a>` is
///   `A` with Lock, `<Control+A>` is `A` with Control and Shift, `<less>` is `less` with Shift.
///   Other keys keep their keysym: `<Shift+Tab>` is `Tab` with Shift.
///
/// ``format(keysym:modifiers:)`` writes the shortest notation that reads back to the same key.
public enum KeyNotation {
    /// Reads a line of key notation into key presses.
    ///
    /// Throws at the first error, naming it and its 1-based position (in Unicode scalars).
    public static func parse(_ line: String) throws(KeyNotationError) -> [NotatedKey] {
        let scalars = Array(line.unicodeScalars)
        var keys: [NotatedKey] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "<" else {
                guard let keysym = Keysym(character: scalar) else {
                    throw .noKeysym(scalar, position: index + 1)
                }
                let (resolved, modifiers) = resolve(keysym, listed: [])
                keys.append(NotatedKey(keysym: resolved, modifiers: modifiers))
                index += 1
                continue
            }
            var close = index + 1
            while close < scalars.count, scalars[close] != ">" {
                if scalars[close] == "<" { throw .unterminated(position: index + 1) }
                close += 1
            }
            guard close < scalars.count else { throw .unterminated(position: index + 1) }
            keys.append(try parseChord(scalars[(index + 1)..<close], offset: index + 2))
            index = close + 1
        }
        return keys
    }

    /// Writes one key press in normalized notation.
    ///
    /// A printable US-QWERTY character whose modifiers are exactly the Shift it implies is written as
    /// itself (`r`, `R`, `!`), except `<`, which would open a name and is written `<less>`. Everything
    /// else is `<Mods+name>` with the modifiers in bit order (`Shift`, `Lock`, `Control`, `Alt`,
    /// `Mod2`, `Mod3`, `Super`, `Mod5`): `<BackSpace>`, `<Control+a>`, `<Shift+space>`, and
    /// `<space>` itself, since a bare space is invisible in a trace. For every key ``parse(_:)``
    /// returns, parsing the formatted text gives that key back; a combination xkb never produces
    /// (keysym `a` with Shift) is written as given and reads back as what xkb would produce.
    public static func format(keysym: Keysym, modifiers: ModifierMask) -> String {
        let value = keysym.rawValue
        guard value >= 0x21, value <= 0x7E, let base = USQWERTY.baseCharacter(of: UInt8(value)) else {
            return chord(keysym.name, modifiers)
        }
        let ascii = UInt8(value)
        let implied: ModifierMask = USQWERTY.needsShift(ascii) ? .shift : []
        if modifiers == implied, ascii != UInt8(ascii: "<") {
            return String(Unicode.Scalar(ascii))
        }
        if modifiers.isSuperset(of: implied), resolve(keysym, listed: modifiers) == (keysym, modifiers) {
            return chord(keysym.name, modifiers.subtracting(implied))
        }
        let baseKeysym = Keysym(rawValue: UInt32(base))
        if resolve(baseKeysym, listed: modifiers) == (keysym, modifiers) {
            return chord(baseKeysym.name, modifiers)
        }
        return chord(keysym.name, modifiers)
    }

    // MARK: - Internals

    /// What a key named by a keysym gives with modifiers listed: a US-QWERTY character key gets the
    /// Shift its name implies and the level xkb would pick; any other keysym stays as it is.
    static func resolve(_ keysym: Keysym, listed: ModifierMask) -> (Keysym, ModifierMask) {
        let value = keysym.rawValue
        guard value >= 0x21, value <= 0x7E, let base = USQWERTY.baseCharacter(of: UInt8(value)) else {
            return (keysym, listed)
        }
        let modifiers = USQWERTY.needsShift(UInt8(value)) ? listed.union(.shift) : listed
        let ascii = USQWERTY.character(
            ofKey: base, shift: modifiers.contains(.shift), lock: modifiers.contains(.lock))
        return (Keysym(rawValue: UInt32(ascii)), modifiers)
    }

    /// Reads the inside of `<…>`; `offset` is the 1-based position of its first scalar.
    static func parseChord(
        _ inner: ArraySlice<Unicode.Scalar>, offset: Int
    ) throws(KeyNotationError) -> NotatedKey {
        var modifiers = ModifierMask()
        var start = inner.startIndex
        while let plus = inner[start...].firstIndex(of: "+") {
            let position = offset + (start - inner.startIndex)
            guard plus > start else { throw .emptyModifier(position: position) }
            let name = String(String.UnicodeScalarView(inner[start..<plus]))
            guard let modifier = ModifierMask.spellings[name.lowercased()] else {
                throw .unknownModifier(name, position: position)
            }
            modifiers.formUnion(modifier)
            start = plus + 1
        }
        let position = offset + (start - inner.startIndex)
        guard start < inner.endIndex else { throw .emptyKeyName(position: position) }
        let nameScalars = inner[start...]
        let name = String(String.UnicodeScalarView(nameScalars))
        var named = Keysym(name: name)
        if named == nil, nameScalars.count == 1, let only = nameScalars.first {
            named = Keysym(character: only)  // `<Control+;>`: a character works where its name would
        }
        guard let keysym = named else { throw .unknownKeyName(name, position: position) }
        let (resolved, allModifiers) = resolve(keysym, listed: modifiers)
        return NotatedKey(keysym: resolved, modifiers: allModifiers)
    }

    /// `<Mods+name>`.
    static func chord(_ name: String, _ modifiers: ModifierMask) -> String {
        var text = "<"
        for (bit, modifierName) in ModifierMask.notationNames.enumerated() where modifiers.rawValue & (1 << bit) != 0 {
            text += modifierName + "+"
        }
        return text + name + ">"
    }
}
