import HangulKeys
import HangulTestSupport
import Testing

/// Each key as `Mods+keysymname` with the X11 modifier names, independent of `KeyNotation.format`.
private func summary(_ keys: [NotatedKey]) -> [String] {
    let names = ["Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5"]
    return keys.map { key in
        let held = names.indices.filter { key.modifiers.rawValue & (1 << $0) != 0 }.map { names[$0] + "+" }
        return held.joined() + key.keysym.name
    }
}

@Suite struct KeyNotationTests {
    @Test(
        arguments: [
            ("", []),
            ("r", ["r"]),
            ("R", ["Shift+R"]),
            ("!", ["Shift+exclam"]),
            ("dkssud", ["d", "k", "s", "s", "u", "d"]),
            ("a b", ["a", "space", "b"]),
            (">", ["Shift+greater"]),
            ("<BackSpace>", ["BackSpace"]),
            ("<backspace>", ["BackSpace"]),
            ("<space>", ["space"]),
            ("<Return><Escape><Tab><Left><Hangul>", ["Return", "Escape", "Tab", "Left", "Hangul"]),
            ("<less>", ["Shift+less"]),
            ("<exclam>", ["Shift+exclam"]),
            ("<Control+a>", ["Control+a"]),
            ("<Ctrl+a>", ["Control+a"]),
            ("<control+a>", ["Control+a"]),
            ("<Shift+space>", ["Shift+space"]),
            ("<Alt+x><Mod1+x>", ["Mod1+x", "Mod1+x"]),
            ("<Super+x><Mod4+x>", ["Mod4+x", "Mod4+x"]),
            ("<Lock+Mod2+Mod3+Mod5+x>", ["Lock+Mod2+Mod3+Mod5+X"]),
            ("<Shift+a>", ["Shift+A"]),
            ("<Shift+A>", ["Shift+A"]),
            ("<Shift+1>", ["Shift+exclam"]),
            ("<Lock+a>", ["Lock+A"]),
            ("<Lock+1>", ["Lock+1"]),
            ("<Shift+Lock+a>", ["Shift+Lock+a"]),
            ("<Control+A>", ["Shift+Control+A"]),
            ("<Shift+Tab>", ["Shift+Tab"]),
            ("<Control+;>", ["Control+semicolon"]),
            ("<U20AC>", ["U20AC"]),
            ("한ä", ["UD55C", "adiaeresis"]),
        ] as [(String, [String])])
    func parsesKeys(line: String, expected: [String]) throws {
        #expect(summary(try KeyNotation.parse(line)) == expected)
    }

    @Test func everyUSShiftedCharacterCarriesShift() throws {
        let keys = try KeyNotation.parse("~!@#$%^&*()_+{}|:\"<less>>?")
        #expect(keys.count == 21)
        #expect(keys.allSatisfy { $0.modifiers == .shift })
    }

    @Test func unshiftedCharactersCarryNoModifiers() throws {
        let keys = try KeyNotation.parse("`1234567890-=[]\\;',./abcxyz")
        #expect(keys.count == 27)
        #expect(keys.allSatisfy { $0.modifiers == [] })
    }

    @Test(arguments: [
        ("<Ctrl+a>", "<Control+a>"), ("<Shift+a>", "A"), ("<exclam>", "!"), ("<less>", "<less>"), (">", ">"),
        (" ", "<space>"), ("<backspace>", "<BackSpace>"), ("<Mod1+x>", "<Alt+x>"), ("<mod4+x>", "<Super+x>"),
        ("<Lock+a>", "<Lock+a>"), ("<Control+A>", "<Control+A>"), ("<Shift+Control+a>", "<Control+A>"),
        ("<Shift+Lock+a>", "<Shift+Lock+a>"), ("<Lock+exclam>", "<Lock+exclam>"), ("<Shift+Tab>", "<Shift+Tab>"),
        ("<Page_Up>", "<Prior>"), ("한", "<UD55C>"), ("<Control+Alt+Super+Delete>", "<Control+Alt+Super+Delete>"),
    ])
    func notationIsNormalized(line: String, notation: String) throws {
        #expect(try KeyNotation.parse(line).map(\.notation) == [notation])
    }

    @Test(
        arguments: [
            ("abc<Foo>", "unknown key name \"Foo\" at position 5", 5),
            ("<Control+Foo>", "unknown key name \"Foo\" at position 10", 10),
            ("<Hyperx+a>", "unknown modifier \"Hyperx\" at position 2", 2),
            ("<Control+Hyper+a>", "unknown modifier \"Hyper\" at position 10", 10),
            ("abcdef<Return", "unterminated \"<\" at position 7 (type \"<less>\" for a literal \"<\")", 7),
            ("a<b<less>", "unterminated \"<\" at position 2 (type \"<less>\" for a literal \"<\")", 2),
            ("<", "unterminated \"<\" at position 1 (type \"<less>\" for a literal \"<\")", 1),
            ("a<>", "empty key name at position 3", 3),
            ("<Control+>", "empty key name at position 10", 10),
            ("<+a>", "empty modifier name at position 2", 2),
            ("<Control++a>", "empty modifier name at position 10", 10),
            ("ab\u{FFFE}", "no keysym types U+FFFE at position 3", 3),
        ] as [(String, String, Int)])
    func errorsNameWhatAndWhere(line: String, message: String, position: Int) {
        #expect {
            _ = try KeyNotation.parse(line)
        } throws: { error in
            guard let error = error as? KeyNotationError else { return false }
            return error.description == message && error.position == position
        }
    }

    @Test(
        arguments: [
            (Keysym.backSpace, ModifierMask(), "<BackSpace>"), (Keysym(rawValue: 0x61), .control, "<Control+a>"),
            (Keysym(rawValue: 0x3C), .shift, "<less>"), (Keysym(rawValue: 0x52), .shift, "R"),
            (Keysym(rawValue: 0x72), [], "r"), (Keysym(rawValue: 0x21), .shift, "!"), (.space, [], "<space>"),
            (.space, .shift, "<Shift+space>"), (.hangul, [], "<Hangul>"), (Keysym(rawValue: 0x41), [.lock], "<Lock+a>"),
            (Keysym(rawValue: 0x61), .shift, "<Shift+a>"), (Keysym(rawValue: 0x21), [], "<exclam>"),
        ] as [(Keysym, ModifierMask, String)])
    func formatsKeys(keysym: Keysym, modifiers: ModifierMask, notation: String) {
        #expect(KeyNotation.format(keysym: keysym, modifiers: modifiers) == notation)
    }

    @Test func everyPrintableASCIICharacterFormatsAsItselfExceptLess() throws {
        for value in UInt8(0x21)...0x7E {
            let character = String(Unicode.Scalar(value))
            let keys = try KeyNotation.parse(value == 0x3C ? "<less>" : character)
            #expect(keys.map(\.notation) == [value == 0x3C ? "<less>" : character])
        }
    }

    /// Every US character key under every combination of Shift, Lock, Control and Alt, written as
    /// `<Mods+name>`, formats to text that parses back to the same key.
    @Test func formatReadsBackToTheSameKey() throws {
        let modifierNames = ["Shift", "Lock", "Control", "Alt"]
        var lines = ["<BackSpace>", "<Shift+Tab>", "<Super+Return>", "한", "<U20AC>", " ", "<Control+space>"]
        for value in UInt8(0x21)...0x7E {
            let name = Keysym(rawValue: UInt32(value)).name
            for subset in 0..<16 {
                let held = modifierNames.indices.filter { subset & (1 << $0) != 0 }.map { modifierNames[$0] + "+" }
                lines.append("<" + held.joined() + name + ">")
            }
        }
        for line in lines {
            let keys = try KeyNotation.parse(line)
            let key = try #require(keys.first)
            #expect(try KeyNotation.parse(key.notation) == [key], "\(line) → \(key.notation)")
        }
    }

    /// Notation claims `<Mods+name>` gives the keysym xkb would; check it against the real US keymap.
    @Test(.enabled(if: TestKeymaps.shouldRun, "needs the Debian package xkb-data"))
    func shiftAndLockResolveAsTheUSKeymapDoes() throws {
        let us = try TestKeymaps.keymap(layout: "us")
        let masks: [(String, ModifierMask)] = [
            ("", []), ("Shift+", .shift), ("Lock+", .lock), ("Shift+Lock+", [.shift, .lock]),
        ]
        for value in UInt8(0x21)...0x7E {
            let keysym = Keysym(rawValue: UInt32(value))
            let implied = try #require(try KeyNotation.parse("<\(keysym.name)>").first).modifiers
            // The ANSI key, not pc105's extra <LSGT> key, which types `<` without Shift.
            let keycode = try #require((UInt32(8)...255).first { us.keysym(keycode: $0, modifiers: implied) == keysym })
            for (prefix, mask) in masks {
                let key = try #require(try KeyNotation.parse("<\(prefix)\(keysym.name)>").first)
                #expect(key.modifiers == mask.union(implied))
                #expect(
                    key.keysym == us.keysym(keycode: keycode, modifiers: key.modifiers), "<\(prefix)\(keysym.name)>")
            }
        }
    }
}
