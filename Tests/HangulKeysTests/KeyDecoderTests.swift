import HangulCore
import HangulKeys
import HangulTestSupport
import Testing

@Suite(.enabled(if: TestKeymaps.shouldRun, "needs the Debian package xkb-data"))
struct KeyDecoderTests {
    let decoder: KeyDecoder

    init() throws {
        decoder = try TestKeymaps.decoder.get()
    }

    /// evdev KEY_R is 19, so its xkb keycode is 27.
    @Test func keycodeOfRDecodesToR() {
        #expect(decoder.position(keycode: 27, modifiers: [])?.description == "r")
        #expect(decoder.position(keycode: 27, modifiers: .shift)?.description == "R")
    }

    @Test func capsLockDoesNotActAsShift() {
        #expect(decoder.position(keycode: 27, modifiers: .lock)?.description == "r")
        #expect(decoder.position(keycode: 27, modifiers: [.lock, .shift])?.description == "R")
        #expect(decoder.position(keycode: 27, modifiers: [.lock, .mod2])?.description == "r")
    }

    @Test(
        arguments: [
            (38, ModifierMask(), "a"), (10, [], "1"), (10, .shift, "!"), (49, [], "`"), (49, .shift, "~"),
            (59, .shift, "<"), (61, [], "/"), (51, .shift, "|"), (27, .control, "r"), (27, [.mod1, .shift], "R"),
        ] as [(UInt32, ModifierMask, String)])
    func keycodesDecodeToTheirUSCharacter(keycode: UInt32, modifiers: ModifierMask, position: String) {
        #expect(decoder.position(keycode: keycode, modifiers: modifiers)?.description == position)
    }

    /// Escape, space, Return, Shift_L, keypad 7, Super_L, and keycodes outside the table.
    @Test(arguments: [9, 65, 36, 50, 79, 133, 0, 7, 256, 0xFFFF_FFFF] as [UInt32])
    func keysWithoutAPrintableUSCharacterHaveNoPosition(keycode: UInt32) {
        #expect(decoder.position(keycode: keycode, modifiers: []) == nil)
        #expect(decoder.position(keycode: keycode, modifiers: .shift) == nil)
    }

    /// On a German keyboard Y and Z trade places; Hangul stays on the physical keys.
    @Test func germanZKeyStillDecodesToUSY() throws {
        let german = try TestKeymaps.keymap(layout: "de")
        #expect(german.keysym(keycode: 29)?.name == "z")
        #expect(decoder.position(keycode: 29, modifiers: [])?.description == "y")
        #expect(german.keysym(keycode: 52)?.name == "y")
        #expect(decoder.position(keycode: 52, modifiers: [])?.description == "z")
        #expect(german.keysym(keycode: 21)?.name == "dead_acute")
        #expect(decoder.position(keycode: 21, modifiers: [])?.description == "=")
    }

    @Test func dvorakKeysDecodeToTheirQWERTYPositions() throws {
        let dvorak = try TestKeymaps.keymap(layout: "us", variant: "dvorak")
        let keycodes: [UInt32] = [40, 45, 39, 39, 30, 40]  // the QWERTY keys d k s s u d
        #expect(keycodes.map { dvorak.keysym(keycode: $0)?.name ?? "-" } == ["e", "t", "o", "o", "g", "e"])
        #expect(
            keycodes.map { decoder.position(keycode: $0, modifiers: [])?.description ?? "-" } == [
                "d", "k", "s", "s", "u", "d",
            ])
    }

    @Test func keymapsFindTheKeyThatTypesAKeysym() throws {
        let us = try TestKeymaps.keymap(layout: "us")
        #expect(us.key(typing: Keysym(rawValue: 0x72))?.keycode == 27)
        #expect(us.key(typing: Keysym(rawValue: 0x72))?.modifiers == [])
        #expect(us.key(typing: Keysym(rawValue: 0x40))?.keycode == 11)
        #expect(us.key(typing: Keysym(rawValue: 0x40))?.modifiers == .shift)
        #expect(us.key(typing: .hangul)?.keycode == 130)  // evdev KEY_HANGEUL
        #expect(us.key(typing: Keysym(rawValue: 0x6C1)) == nil)  // Cyrillic_a
    }

    /// The daemon's built-in table is the keymap libxkbcommon compiles from the installed xkb-data,
    /// key for key, with and without Shift (and Lock, which it ignores).
    @Test func builtInUSTableIsTheCompiledReferenceKeymap() {
        let builtIn = KeyDecoder.usQWERTY
        #expect(builtIn.names == decoder.names)
        for keycode in UInt32(0)...300 {
            for modifiers in [ModifierMask(), .shift, .lock, [.lock, .shift]] as [ModifierMask] {
                let compiled = decoder.position(keycode: keycode, modifiers: modifiers)
                #expect(
                    builtIn.position(keycode: keycode, modifiers: modifiers) == compiled,
                    "keycode \(keycode) with \(modifiers): libxkbcommon gives \(compiled?.description ?? "none")")
            }
        }
        #expect((8...255).compactMap { builtIn.position(keycode: $0, modifiers: .shift) }.count == 50)
    }

    @Test func decoderIsUsableFromManyTasksAtOnce() async {
        let decoder = self.decoder
        let positions = await withTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    (8...255).compactMap { decoder.position(keycode: $0, modifiers: [])?.description }.joined()
                }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(positions.count == 1)
        #expect(positions.first?.hasPrefix("1234567890-=qwertyuiop[]asdfghjkl;'`\\zxcvbnm,./") == true)
    }
}

@Suite struct KeysymFallbackTests {
    @Test(
        arguments: [
            (0x72, ModifierMask(), "r"), (0x52, .shift, "R"), (0x52, .lock, "r"), (0x72, [.lock, .shift], "R"),
            (0x52, [.lock, .shift], "R"), (0x61, .lock, "a"), (0x21, .shift, "!"), (0x21, .lock, "!"),
            (0x31, [.lock, .shift], "1"), (0x7E, .shift, "~"), (0x52, [], "R"), (0x72, .control, "r"),
        ] as [(UInt32, ModifierMask, String)])
    func latinKeysymsAreTheirOwnPosition(keysym: UInt32, modifiers: ModifierMask, position: String) {
        #expect(KeyDecoder.position(keysym: Keysym(rawValue: keysym), modifiers: modifiers)?.description == position)
    }

    @Test(arguments: [0x20, 0x7F, 0xE4, 0xFF0D, 0xFF08, 0x0100_D55C, 0xFFB1, 0] as [UInt32])
    func otherKeysymsHaveNoPosition(keysym: UInt32) {
        #expect(KeyDecoder.position(keysym: Keysym(rawValue: keysym), modifiers: []) == nil)
    }
}

@Suite struct KeymapErrorTests {
    @Test(.enabled(if: TestKeymaps.shouldRun, "needs the Debian package xkb-data"))
    func unknownLayoutSaysTheNamesDoNotCompile() {
        #expect {
            _ = try Keymap(KeymapNames(layout: "no-such-layout"))
        } throws: { error in
            (error as? KeymapError)?.description
                == "cannot compile the xkb keymap for rules \"evdev\", model \"pc105\", layout \"no-such-layout\", "
                + "variant \"\", options \"\"; check the layout, variant and option names"
        }
    }

    @Test func missingDataDirectoryNamesTheDebianPackage() {
        #expect {
            _ = try KeyDecoder(includePaths: ["/nonexistent/xkb"])
        } throws: { error in
            (error as? KeymapError)?.description
                == "xkb keyboard data is missing: no \"rules/evdev\" file (no xkb data directory exists); "
                + "install the Debian package \"xkb-data\""
        }
    }

    @Test func directoryWithoutRulesNamesTheDebianPackage() {
        #expect(throws: KeymapError.keyboardDataMissing(rules: "evdev", searched: ["/"])) {
            _ = try Keymap(includePaths: ["/"])
        }
        #expect(
            KeymapError.keyboardDataMissing(rules: "evdev", searched: ["/"]).description
                == "xkb keyboard data is missing: no \"rules/evdev\" file (searched /); install the Debian package \"xkb-data\""
        )
    }
}
