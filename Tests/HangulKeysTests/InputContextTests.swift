import HangulCore
import HangulKeys
import HangulTestSupport
import Testing

/// A key result as one line: `handled commit:가 preedit:ㄴ hangul`.
private func describe(_ result: KeyResult) -> String {
    "\(result.handled ? "handled" : "passed") commit:\(result.commit) preedit:\(result.preedit) \(result.mode)"
}

extension InputContext {
    /// Presses (without releasing) each key of a line of key notation, as keysyms without keycodes;
    /// returns one line per key.
    fileprivate mutating func type(_ notation: String) throws -> [String] {
        try KeyNotation.parse(notation).map { key in
            describe(handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers)))
        }
    }
}

@Suite struct InputContextTests {
    @Test func typingDkssudAsKeysymsComposesAnnyeong() throws {
        var context = InputContext()
        #expect(
            try context.type("dkssud") == [
                "handled commit: preedit:ㅇ hangul",
                "handled commit: preedit:아 hangul",
                "handled commit: preedit:안 hangul",
                "handled commit:안 preedit:ㄴ hangul",
                "handled commit: preedit:녀 hangul",
                "handled commit: preedit:녕 hangul",
            ])
        #expect(context.flush().string == "녕")
        #expect(context.preedit.isEmpty)
    }

    @Test func shiftedKeysTypeTenseConsonants() throws {
        var context = InputContext()
        #expect(try context.type("Rk") == ["handled commit: preedit:ㄲ hangul", "handled commit: preedit:까 hangul"])
    }

    /// AltGr (Mod5) types the user's own layout's symbols, such as German AltGr+Q for @.
    @Test(arguments: ["<Control+a>", "<Alt+x>", "<Super+x>", "<Control+Shift+Tab>", "<Mod5+q>"])
    func shortcutsCommitAndPassThrough(shortcut: String) throws {
        var context = InputContext()
        _ = try context.type("rk")
        #expect(try context.type(shortcut) == ["passed commit:가 preedit: hangul"])
    }

    @Test func backSpaceOnEmptyPreeditPassesThrough() throws {
        var context = InputContext()
        #expect(try context.type("<BackSpace>") == ["passed commit: preedit: hangul"])
    }

    @Test func backSpaceRemovesTheLatestJamo() throws {
        var context = InputContext()
        _ = try context.type("rks")
        #expect(
            try context.type("<BackSpace><BackSpace><BackSpace><BackSpace>") == [
                "handled commit: preedit:가 hangul",
                "handled commit: preedit:ㄱ hangul",
                "handled commit: preedit: hangul",
                "passed commit: preedit: hangul",
            ])
    }

    @Test func hangulKeyCommitsThenToggles() throws {
        var context = InputContext()
        #expect(
            try context.type("rk<Hangul>r<Hangul>r") == [
                "handled commit: preedit:ㄱ hangul",
                "handled commit: preedit:가 hangul",
                "handled commit:가 preedit: latin",
                "passed commit: preedit: latin",
                "handled commit: preedit: hangul",
                "handled commit: preedit:ㄱ hangul",
            ])
    }

    @Test func shiftSpaceTogglesEvenWithCapsLockNumLockOrMod3On() throws {
        var context = InputContext()
        #expect(
            try context.type("r<Shift+space><Shift+Lock+space><Shift+Mod2+space><Shift+Mod3+space>") == [
                "handled commit: preedit:ㄱ hangul",
                "handled commit:ㄱ preedit: latin",
                "handled commit: preedit: hangul",
                "handled commit: preedit: latin",
                "handled commit: preedit: hangul",
            ])
    }

    @Test(arguments: [
        "<space>", "<Control+Shift+space>", "<Shift+Alt+space>", "<Shift+Super+space>", "<Shift+Mod5+space>",
    ])
    func toggleModifiersMustMatchExactly(key: String) throws {
        var context = InputContext()
        #expect(try context.type(key) == ["passed commit: preedit: hangul"])
    }

    /// A toggle key may itself be a modifier key, so rule 2 must come before the bare-modifier rule.
    @Test func aModifierKeyCanBeAToggleKey() throws {
        var context = InputContext()
        context.toggleKeys = [KeyChord(keysym: Keysym(rawValue: 0xFFEA))]
        #expect(
            try context.type("r<Alt_R><Alt_R><Alt_L>") == [
                "handled commit: preedit:ㄱ hangul",
                "handled commit:ㄱ preedit: latin",
                "handled commit: preedit: hangul",
                "passed commit: preedit: hangul",
            ])
    }

    /// `hangul-keys` and `latin-keys` each switch to one mode, committing, and are handled even
    /// when the mode is already theirs; a key in both lists is a toggle key first.
    @Test func modeKeysSwitchToTheirModeWhateverTheMode() throws {
        var context = InputContext()
        context.hangulKeys = [KeyChord(keysym: Keysym(rawValue: 0xFF23))]
        context.latinKeys = [KeyChord(keysym: Keysym(rawValue: 0xFF22)), KeyChord(keysym: .hangul)]
        #expect(
            try context.type("r<Muhenkan><Muhenkan><Henkan_Mode><Henkan_Mode><Hangul>") == [
                "handled commit: preedit:ㄱ hangul",
                "handled commit:ㄱ preedit: latin",
                "handled commit: preedit: latin",
                "handled commit: preedit: hangul",
                "handled commit: preedit: hangul",
                "handled commit: preedit: latin",
            ])
    }

    /// CapsLock turns Control+a into Control+A; the chord still matches.
    @Test func toggleLettersMatchInEitherCase() {
        var context = InputContext()
        context.toggleKeys = [KeyChord(keysym: Keysym(rawValue: 0x61), modifiers: .control)]
        let upper = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x41), modifiers: [.control, .lock]))
        #expect(describe(upper) == "handled commit: preedit: latin")
        let lower = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x61), modifiers: .control))
        #expect(describe(lower) == "handled commit: preedit: hangul")
    }

    @Test func bareModifiersPassInLatinModeToo() throws {
        var context = InputContext(mode: .latin)
        #expect(try context.type("<Shift_L>") == ["passed commit: preedit: latin"])
    }

    @Test func spaceAloneCommitsAndPassesThrough() throws {
        var context = InputContext()
        #expect(
            try context.type("rk k") == [
                "handled commit: preedit:ㄱ hangul",
                "handled commit: preedit:가 hangul",
                "passed commit:가 preedit: hangul",
                "handled commit: preedit:ㅏ hangul",
            ])
    }

    @Test func toggleKeysCanBeChanged() throws {
        var context = InputContext()
        context.toggleKeys = [KeyChord(keysym: .hangul)]
        #expect(
            try context.type("<Shift+space><Hangul>") == [
                "passed commit: preedit: hangul",
                "handled commit: preedit: latin",
            ])
    }

    @Test func latinModePassesKeysThrough() throws {
        var context = InputContext(mode: .latin)
        #expect(
            try context.type("rk<BackSpace><Control+a>") == [
                "passed commit: preedit: latin",
                "passed commit: preedit: latin",
                "passed commit: preedit: latin",
                "passed commit: preedit: latin",
            ])
    }

    @Test func passwordFieldCommitsOnEntryAndPassesKeysThroughAsLatin() throws {
        var context = InputContext()
        _ = try context.type("rk")
        #expect(context.setContentType(.password).string == "가")
        #expect(context.effectiveMode == .latin)
        #expect(context.mode == .hangul)
        #expect(
            try context.type("rk<BackSpace><Control+a><Shift_L>") == [
                "passed commit: preedit: latin",
                "passed commit: preedit: latin",
                "passed commit: preedit: latin",
                "passed commit: preedit: latin",
                "passed commit: preedit: latin",
            ])
        #expect(context.setContentType(.normal).isEmpty)
        #expect(try context.type("r") == ["handled commit: preedit:ㄱ hangul"])
    }

    /// Rule 1 comes before rule 2: a password is typed exactly as pressed, 한/영 key included.
    @Test func toggleKeysPassThroughInAPasswordField() throws {
        var context = InputContext()
        _ = context.setContentType(.password)
        #expect(
            try context.type("<Hangul><Shift+space>") == [
                "passed commit: preedit: latin", "passed commit: preedit: latin",
            ])
        #expect(context.mode == .hangul)
    }

    @Test func setModeAndToggleInAPasswordFieldRecordTheModeToComeBackTo() throws {
        var context = InputContext()
        _ = context.setContentType(.password)
        #expect(context.toggle().isEmpty)
        #expect(context.mode == .latin)
        #expect(context.effectiveMode == .latin)
        _ = context.setContentType(.normal)
        #expect(context.effectiveMode == .latin)
        _ = context.setContentType(.password)
        #expect(context.setMode(.hangul).isEmpty)
        #expect(context.effectiveMode == .latin)
        _ = context.setContentType(.normal)
        #expect(context.effectiveMode == .hangul)
        #expect(try context.type("r") == ["handled commit: preedit:ㄱ hangul"])
    }

    /// The application saw no press of `r`, so it must not see its release either.
    @Test func aPressHandledBeforeAPasswordFieldStillHasItsReleaseHandled() {
        var context = InputContext()
        let r = Keysym(rawValue: 0x72)
        _ = context.handle(KeyEvent(keysym: r))
        _ = context.setContentType(.password)
        #expect(describe(context.handle(KeyEvent(keysym: r, isRelease: true))) == "handled commit: preedit: latin")
    }

    @Test func releaseOfAHandledPressIsHandled() {
        var context = InputContext()
        let r = Keysym(rawValue: 0x72)
        let press = describe(context.handle(KeyEvent(keysym: r)))
        let release = describe(context.handle(KeyEvent(keysym: r, isRelease: true)))
        let secondRelease = describe(context.handle(KeyEvent(keysym: r, isRelease: true)))
        #expect(
            [press, release, secondRelease] == [
                "handled commit: preedit:ㄱ hangul",
                "handled commit: preedit:ㄱ hangul",
                "passed commit: preedit:ㄱ hangul",
            ])
    }

    @Test func releaseOfAnUnhandledPressIsNotHandled() {
        var context = InputContext()
        _ = context.handle(KeyEvent(keysym: .space))
        #expect(!context.handle(KeyEvent(keysym: .space, isRelease: true)).handled)
        _ = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x61), modifiers: .control))
        #expect(!context.handle(KeyEvent(keysym: Keysym(rawValue: 0x61), modifiers: .control, isRelease: true)).handled)
    }

    /// With keycodes the release matches its press even when Shift changed the keysym in between.
    @Test func releasesAreMatchedByKeycode() {
        var context = InputContext()
        _ = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x72), keycode: 27))
        let release = context.handle(
            KeyEvent(keysym: Keysym(rawValue: 0x52), keycode: 27, modifiers: .shift, isRelease: true))
        #expect(release.handled)
    }

    @Test func releaseOfAToggleIsHandledAndChangesNothing() throws {
        var context = InputContext()
        _ = context.handle(KeyEvent(keysym: .hangul))
        let release = context.handle(KeyEvent(keysym: .hangul, isRelease: true))
        #expect(describe(release) == "handled commit: preedit: latin")
    }

    /// 64 presses are remembered; a 65th forgets the oldest, whose release then passes through.
    @Test func rememberedPressesAreBoundedAndDropTheOldest() {
        var context = InputContext()
        for keycode: UInt32 in 100...164 {
            _ = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x6B), keycode: keycode))
        }
        let releases = (UInt32(100)...164).map {
            context.handle(KeyEvent(keysym: Keysym(rawValue: 0x6B), keycode: $0, isRelease: true)).handled
        }
        #expect(releases == [false] + Array(repeating: true, count: 64))
    }

    /// Pressing a marked key again makes it the newest mark, so it outlives keys marked after its
    /// first press.
    @Test func pressingAMarkedKeyAgainMakesItTheNewest() {
        var context = InputContext()
        let k = Keysym(rawValue: 0x6B)
        _ = context.handle(KeyEvent(keysym: k, keycode: 100))
        for keycode: UInt32 in 101...163 { _ = context.handle(KeyEvent(keysym: k, keycode: keycode)) }
        _ = context.handle(KeyEvent(keysym: k, keycode: 100))
        _ = context.handle(KeyEvent(keysym: k, keycode: 164))
        #expect(context.handle(KeyEvent(keysym: k, keycode: 100, isRelease: true)).handled)
        #expect(!context.handle(KeyEvent(keysym: k, keycode: 101, isRelease: true)).handled)
        #expect(context.handle(KeyEvent(keysym: k, keycode: 102, isRelease: true)).handled)
    }

    /// A release in the middle of the marks leaves the others in marking order: once the bound is
    /// reached again, the next new key forgets the oldest press, then the next oldest.
    @Test func aReleaseKeepsTheOtherMarksInMarkingOrder() {
        var context = InputContext()
        let k = Keysym(rawValue: 0x6B)
        for keycode: UInt32 in 100...163 { _ = context.handle(KeyEvent(keysym: k, keycode: keycode)) }
        #expect(context.handle(KeyEvent(keysym: k, keycode: 130, isRelease: true)).handled)
        for keycode: UInt32 in 164...166 { _ = context.handle(KeyEvent(keysym: k, keycode: keycode)) }
        let releases = [100, 101, 102, 103, 130, 131, 163, 164, 165, 166].map {
            context.handle(KeyEvent(keysym: k, keycode: UInt32($0), isRelease: true)).handled
        }
        #expect(releases == [false, false, true, true, false, true, true, true, true, true])
    }

    /// The order of marks survives the mark counter running out (every 65,535 marks): after 70,400
    /// presses cycling through 64 keys, a new key still forgets the one pressed longest ago.
    @Test func markingOrderSurvivesTheCounterRunningOut() {
        var context = InputContext()
        let k = Keysym(rawValue: 0x6B)
        for _ in 0..<1_100 {
            for keycode: UInt32 in 100...163 { _ = context.handle(KeyEvent(keysym: k, keycode: keycode)) }
        }
        _ = context.handle(KeyEvent(keysym: k, keycode: 164))
        let releases = [100, 101, 163, 164].map {
            context.handle(KeyEvent(keysym: k, keycode: UInt32($0), isRelease: true)).handled
        }
        #expect(releases == [false, true, true, true])
    }

    /// A release unmarks its key and an unmarked slot is reused: after many press–release pairs the
    /// bound is never reached.
    @Test func releasedKeysFreeTheirPlace() {
        var context = InputContext()
        let k = Keysym(rawValue: 0x6B)
        _ = context.handle(KeyEvent(keysym: k, keycode: 9))
        for round in 0..<300 {
            let keycode = UInt32(10 + round % 50)
            _ = context.handle(KeyEvent(keysym: k, keycode: keycode))
            _ = context.handle(KeyEvent(keysym: k, keycode: keycode, isRelease: true))
        }
        #expect(context.handle(KeyEvent(keysym: k, keycode: 9, isRelease: true)).handled)
    }

    /// Without keycodes keys are told apart by keysym with ASCII letters folded: Shift may go up first.
    @Test func releaseWithoutKeycodeMatchesItsPressAcrossLetterCase() {
        var context = InputContext()
        _ = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x52), modifiers: .shift))
        #expect(context.handle(KeyEvent(keysym: Keysym(rawValue: 0x72), isRelease: true)).handled)
    }

    /// The last press decides: a handled press of `r`, then Control+r (a shortcut, unhandled).
    @Test func anUnhandledPressUnmarksItsKey() {
        var context = InputContext()
        let r = Keysym(rawValue: 0x72)
        _ = context.handle(KeyEvent(keysym: r))
        _ = context.handle(KeyEvent(keysym: r, modifiers: .control))
        #expect(!context.handle(KeyEvent(keysym: r, isRelease: true)).handled)
    }

    @Test func escapeCommitsAndPassesThrough() throws {
        var context = InputContext()
        #expect(
            try context.type("rk<Escape>r") == [
                "handled commit: preedit:ㄱ hangul",
                "handled commit: preedit:가 hangul",
                "passed commit:가 preedit: hangul",
                "handled commit: preedit:ㄱ hangul",
            ])
    }

    @Test func escapeCanAlsoSwitchToLatin() throws {
        var context = InputContext()
        context.escapeSwitchesToLatin = true
        #expect(
            try context.type("rk<Escape>r") == [
                "handled commit: preedit:ㄱ hangul",
                "handled commit: preedit:가 hangul",
                "passed commit:가 preedit: latin",
                "passed commit: preedit: latin",
            ])
    }

    @Test(arguments: ["<Shift_L>", "<Control_L>", "<Caps_Lock>", "<Alt_L>", "<ISO_Level3_Shift>", "<Num_Lock>"])
    func bareModifierPressIsUnhandledAndChangesNothing(modifier: String) throws {
        var context = InputContext()
        _ = try context.type("rk")
        #expect(try context.type(modifier) == ["passed commit: preedit:가 hangul"])
        #expect(try context.type("s") == ["handled commit: preedit:간 hangul"])
    }

    @Test(arguments: [
        "<Return>", "<Tab>", "<Left>", "<Home>", "<End>", "<Prior>", "<Next>", "<F5>", "<Delete>", "<Insert>",
        "<KP_Enter>", "<Menu>", "<Hangul_Hanja>", "<KP_1>", "<ISO_Left_Tab>", "<3270_Enter>",
    ])
    func namedNonTextKeysCommitAndPassThrough(key: String) throws {
        var context = InputContext()
        _ = try context.type("rk")
        #expect(try context.type(key) == ["passed commit:가 preedit: hangul"])
    }

    /// 0xFE10 is in the named range but not a modifier: it commits rather than keeping the preedit.
    @Test func theGapInTheISOModifiersIsAnOrdinaryNamedKey() throws {
        var context = InputContext()
        _ = try context.type("rk")
        #expect(
            describe(context.handle(KeyEvent(keysym: Keysym(rawValue: 0xFE10)))) == "passed commit:가 preedit: hangul")
    }

    @Test func keysWithoutAJamoCommitAndPassThrough() throws {
        var context = InputContext()
        #expect(
            try context.type("rk1한") == [
                "handled commit: preedit:ㄱ hangul",
                "handled commit: preedit:가 hangul",
                "passed commit:가 preedit: hangul",
                "passed commit: preedit: hangul",
            ])
    }

    @Test func capsLockDoesNotTypeTenseConsonantsFromKeysyms() {
        var context = InputContext()
        let result = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x52), modifiers: .lock))
        #expect(describe(result) == "handled commit: preedit:ㄱ hangul")
    }

    @Test func flushCommitsAndCancelDrops() throws {
        var context = InputContext()
        _ = try context.type("rk")
        #expect(context.flush().string == "가")
        #expect(context.flush().isEmpty)
        _ = try context.type("rk")
        context.cancel()
        #expect(context.preedit.isEmpty)
        #expect(context.flush().isEmpty)
    }

    @Test func setModeCommitsOnlyWhenEnteringLatin() throws {
        var context = InputContext()
        _ = try context.type("rk")
        #expect(context.setMode(.hangul).isEmpty)
        #expect(context.preedit.string == "가")
        #expect(context.setMode(.latin).string == "가")
        #expect(context.mode == .latin)
        #expect(context.setMode(.latin).isEmpty)
        #expect(context.toggle().isEmpty)
        #expect(context.mode == .hangul)
    }

    @Test func layoutAndOptionChangesCommitFirst() throws {
        var context = InputContext()
        _ = try context.type("rk")
        #expect(context.setLayout(.dubeolsik).string == "가")
        _ = try context.type("dh")
        var options = ComposerOptions()
        options.extendedVowels = false
        #expect(context.setOptions(options).string == "오")
        #expect(context.composer.options.extendedVowels == false)
    }

    @Test func modesAndContentTypesHaveStableRawValues() {
        #expect(InputMode.allCases.map(\.rawValue) == ["hangul", "latin"])
        #expect(ContentType.allCases.map(\.rawValue) == ["normal", "password"])
    }
}

/// The same, with keycodes from a frontend whose user has another layout.
@Suite(.enabled(if: TestKeymaps.shouldRun, "needs the Debian package xkb-data"))
struct InputContextKeycodeTests {
    let decoder: KeyDecoder

    init() throws {
        decoder = try TestKeymaps.decoder.get()
    }

    /// Presses each physical key as a frontend under `keymap` reports it.
    private func type(_ keycodes: [UInt32], on keymap: Keymap, into context: inout InputContext) -> [String] {
        keycodes.map { keycode in
            let keysym = keymap.keysym(keycode: keycode) ?? Keysym(rawValue: 0)
            return describe(context.handle(KeyEvent(keysym: keysym, keycode: keycode)))
        }
    }

    @Test func germanZKeyTypesYoThroughTheKeycode() throws {
        let german = try TestKeymaps.keymap(layout: "de")
        var withKeycodes = InputContext(decoder: decoder)
        #expect(type([29], on: german, into: &withKeycodes) == ["handled commit: preedit:ㅛ hangul"])
        var keysymsOnly = InputContext()
        #expect(try keysymsOnly.type("z") == ["handled commit: preedit:ㅋ hangul"])
    }

    /// Romaja spells with the letters the user's layout types, so the keysym wins over the keycode.
    @Test func romajaLayoutsReadTheKeysymNotThePosition() throws {
        let dvorak = try TestKeymaps.keymap(layout: "us", variant: "dvorak")
        let romaja = Layout(
            id: "test-romaja", name: "Test romaja", koreanName: "시험", kind: .romaja,
            keys: [
                "d": .jamo(Jamo(rawValue: 0x110B)),  // ㅇ
                "e": .jamo(Jamo(rawValue: 0x1166)),  // ㅔ
            ],
            combinations: .empty)
        var context = InputContext(layout: romaja, decoder: decoder)
        // Keycode 40 is US "d" and Dvorak "e"; a romaja vowel alone gets its silent ㅇ.
        #expect(type([40], on: dvorak, into: &context) == ["handled commit: preedit:에 hangul"])
        var positional = InputContext(decoder: decoder)
        #expect(type([40], on: dvorak, into: &positional) == ["handled commit: preedit:ㅇ hangul"])
    }

    @Test func dvorakTypistGetsAnnyeongFromTheQWERTYKeys() throws {
        let dvorak = try TestKeymaps.keymap(layout: "us", variant: "dvorak")
        var context = InputContext(decoder: decoder)
        #expect(
            type([40, 45, 39, 39, 30, 40], on: dvorak, into: &context) == [
                "handled commit: preedit:ㅇ hangul",
                "handled commit: preedit:아 hangul",
                "handled commit: preedit:안 hangul",
                "handled commit:안 preedit:ㄴ hangul",
                "handled commit: preedit:녀 hangul",
                "handled commit: preedit:녕 hangul",
            ])
    }

    @Test func capsLockWithAKeycodeStillTypesThePlainConsonant() {
        var context = InputContext(decoder: decoder)
        let result = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x52), keycode: 27, modifiers: .lock))
        #expect(describe(result) == "handled commit: preedit:ㄱ hangul")
        let shifted = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x72), keycode: 27, modifiers: [.lock, .shift]))
        #expect(describe(shifted) == "handled commit:ㄱ preedit:ㄲ hangul")
    }

    /// Dead keys (0xFE50…0xFEFF) are character keys: a frontend whose layout has a dead key on the
    /// physical US `q` key still gets ㅂ there.
    @Test func deadKeysFollowTheirKeycode() {
        var context = InputContext(decoder: decoder)
        let result = context.handle(KeyEvent(keysym: Keysym(rawValue: 0xFE51), keycode: 24))
        #expect(describe(result) == "handled commit: preedit:ㅂ hangul")
    }

    @Test func aKeycodeThatTypesNoASCIIOnTheUSKeymapCommitsAndPasses() {
        var context = InputContext(decoder: decoder)
        _ = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x72), keycode: 27))
        // keycode 65 is the space bar; 121 is XF86AudioMute; 300 is past every keyboard key.
        let space = context.handle(KeyEvent(keysym: .space, keycode: 65))
        let mute = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x1008_FF12), keycode: 121))
        let far = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x72), keycode: 300))
        #expect(
            [describe(space), describe(mute), describe(far)] == [
                "passed commit:ㄱ preedit: hangul", "passed commit: preedit: hangul", "passed commit: preedit: hangul",
            ])
    }

    @Test func namedKeysStayNamedEvenWithAKeycode() {
        var context = InputContext(decoder: decoder)
        _ = context.handle(KeyEvent(keysym: Keysym(rawValue: 0x72), keycode: 27))
        // A remapped key: the US keymap has `a` at keycode 38, but this frontend reports Left for it.
        let result = context.handle(KeyEvent(keysym: .left, keycode: 38))
        #expect(describe(result) == "passed commit:ㄱ preedit: hangul")
    }
}
