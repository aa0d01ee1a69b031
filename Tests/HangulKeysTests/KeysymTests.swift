import HangulKeys
import Testing

@Suite struct KeysymTests {
    @Test(
        arguments: [
            ("BackSpace", 0xFF08), ("backspace", 0xFF08), ("RETURN", 0xFF0D), ("a", 0x61), ("A", 0x41),
            ("Hangul", 0xFF31), ("Page_Up", 0xFF55), ("U20AC", 0x0100_20AC), ("EuroSign", 0x20AC),
            ("0x1008ff13", 0x1008_FF13),
        ] as [(String, UInt32)])
    func namesFindTheirKeysymExactlyThenIgnoringCase(name: String, value: UInt32) {
        #expect(Keysym(name: name)?.rawValue == value)
    }

    @Test(arguments: ["Foo", "", "NoSymbol", "Back Space"])
    func unknownNamesGiveNil(name: String) {
        #expect(Keysym(name: name) == nil)
    }

    @Test(arguments: [
        (Keysym.backSpace, "BackSpace"), (.tab, "Tab"), (.return, "Return"), (.escape, "Escape"),
        (.delete, "Delete"), (.space, "space"), (.hangul, "Hangul"), (.hangulHanja, "Hangul_Hanja"),
        (.left, "Left"), (.right, "Right"), (.up, "Up"), (.down, "Down"), (.home, "Home"), (.end, "End"),
        (.pageUp, "Prior"), (.pageDown, "Next"), (.insert, "Insert"), (.kpEnter, "KP_Enter"),
        (.shiftL, "Shift_L"), (.shiftR, "Shift_R"), (.controlL, "Control_L"), (.capsLock, "Caps_Lock"),
        (.altL, "Alt_L"), (.f1, "F1"), (Keysym(rawValue: 0x0100_D55C), "UD55C"),
    ])
    func namedConstantsHaveTheirXKBNames(keysym: Keysym, name: String) {
        #expect(keysym.name == name)
        #expect(Keysym(name: name) == keysym)
    }

    @Test func aValueOutsideTheKeysymRangeIsNamedInHex() {
        #expect(Keysym(rawValue: 0xFFFF_FFFF).name == "0xffffffff")
    }

    @Test(
        arguments: [
            (0x61, "a"), (0x20, " "), (0xE4, "ä"), (0x0100_D55C, "한"), (0x20AC, "€"), (0xFFB1, "1"),
        ] as [(UInt32, String)])
    func keysymsTypeTheirCharacter(value: UInt32, character: String) {
        #expect(Keysym(rawValue: value).character.map { String($0) } == character)
    }

    @Test(arguments: [0, 0xFF08, 0xFF09, 0xFF0D, 0xFF1B, 0xFFFF, 0xFF8D, 0xFF31, 0xFFE1, 0x0100_0085] as [UInt32])
    func controlAndNamedKeysTypeNoCharacter(value: UInt32) {
        #expect(Keysym(rawValue: value).character == nil)
    }

    @Test(arguments: [("a", 0x61), ("ä", 0xE4), ("한", 0x0100_D55C), ("\u{8}", 0xFF08)] as [(Unicode.Scalar, UInt32)])
    func charactersFindTheKeysymThatTypesThem(character: Unicode.Scalar, value: UInt32) {
        #expect(Keysym(character: character)?.rawValue == value)
    }

    @Test func aNoncharacterHasNoKeysym() {
        #expect(Keysym(character: "\u{FFFE}") == nil)
    }

    @Test(arguments: [
        "Shift_L", "Shift_R", "Control_L", "Control_R", "Caps_Lock", "Shift_Lock", "Alt_L", "Alt_R", "Meta_L",
        "Super_L", "Super_R", "Hyper_L", "Hyper_R", "ISO_Level3_Shift", "ISO_Level5_Shift", "ISO_Next_Group",
        "Mode_switch", "Num_Lock",
    ])
    func modifierKeysAreModifiers(name: String) throws {
        #expect(try #require(Keysym(name: name)).isModifier)
    }

    @Test(arguments: ["a", "space", "Return", "Hangul", "Multi_key", "F1", "Scroll_Lock"])
    func otherKeysAreNotModifiers(name: String) throws {
        #expect(try !#require(Keysym(name: name)).isModifier)
    }

    /// 0xFE10 sits between the ISO group keys and the level-5 keys but names no key, so PROTOCOL.md
    /// leaves it out of the bare modifiers.
    @Test(arguments: [0xFE00, 0xFE10, 0xFE14, 0xFF7D, 0xFF80, 0xFFE0, 0xFFEF] as [UInt32])
    func keysymsJustOutsideTheModifierRangesAreNotModifiers(value: UInt32) {
        #expect(!Keysym(rawValue: value).isModifier)
    }

    @Test(arguments: [
        "Return", "Tab", "ISO_Left_Tab", "BackSpace", "Escape", "Delete", "Insert", "Left", "Right", "Up",
        "Down", "Home", "End", "Prior", "Next", "F1", "F12", "F35", "KP_Enter", "KP_Home", "KP_Delete",
        "KP_1", "KP_Add", "Menu", "Print", "Pause", "Hangul_Hanja", "Multi_key", "Shift_L", "3270_Enter",
    ])
    func keysInTheNamedRangesAreNamedKeys(name: String) throws {
        #expect(try #require(Keysym(name: name)).isNamedKey)
    }

    /// Dead keys, other scripts and XF86 keys are character keys: their keycode decides in Hangul mode.
    @Test(arguments: ["a", "A", "space", "exclam", "dead_acute", "dead_grave", "Cyrillic_a", "XF86AudioMute"])
    func keysOutsideTheNamedRangesAreNotNamedKeys(name: String) throws {
        #expect(try !#require(Keysym(name: name)).isNamedKey)
    }

    @Test(arguments: [0xFCFF, 0xFE50, 0xFEFF, 0x1_0000] as [UInt32])
    func theNamedRangesEndWhereTheProtocolSays(value: UInt32) {
        #expect(!Keysym(rawValue: value).isNamedKey)
    }

    @Test(
        arguments: [
            (0x41, 0x61), (0x5A, 0x7A), (0x61, 0x61), (0x40, 0x40), (0x5B, 0x5B), (0xC4, 0xC4), (0xFF31, 0xFF31),
        ] as [(UInt32, UInt32)])
    func foldingTurnsOnlyASCIIUpperCaseLettersToLowerCase(value: UInt32, folded: UInt32) {
        #expect(Keysym(rawValue: value).foldingASCIICase.rawValue == folded)
    }

    @Test(
        arguments: [
            ("Hangul", 0xFF31), ("space", 0x20), ("Alt_R", 0xFFEA), ("A", 0x41), ("a", 0x61), ("U20AC", 0x0100_20AC),
            ("0x1008ff13", 0x1008_FF13),
        ] as [(String, UInt32)])
    func exactNamesFindTheirKeysym(name: String, value: UInt32) {
        #expect(Keysym(exactName: name)?.rawValue == value)
    }

    @Test(arguments: ["hangul", "SPACE", "alt_r", "Hangl", "", "NoSymbol"])
    func exactNamesMustMatchInCase(name: String) {
        #expect(Keysym(exactName: name) == nil)
    }
}
