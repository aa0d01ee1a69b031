import HangulFrontendContract
import HangulKeys
import PropertyBased
import Testing

/// The order of effects (PROTOCOL.md section 8) as the engine guarantees it, for each kind of IBus
/// client: a key that follows a commit reaches the application after it.
@Suite struct KeyRouterTests {
    static let shift: UInt32 = 1 << 0
    static let control: UInt32 = 1 << 2
    static let release: UInt32 = 1 << 30
    static let syncCapability: UInt32 = 1 << 7
    static let surroundingCapability: UInt32 = 1 << 5

    static let space = IBusKey(keyval: 0x20, keycode: 57, state: 0)
    static let returnKey = IBusKey(keyval: 0xFF0D, keycode: 28, state: 0)
    static let closeParen = IBusKey(keyval: 0x29, keycode: 11, state: shift)
    static let controlC = IBusKey(keyval: 0x63, keycode: 46, state: control)
    /// What the engine does for "ㄱ ㅏ" then a key that ends the syllable: hide 가, commit it.
    static let syllableCommitted: [FrontendOutput] = [.preedit(""), .commit("가")]

    static func router(name: String?, capabilities: UInt32 = 0) -> KeyRouter {
        var router = KeyRouter()
        router.client = IBusClient(name: name, capabilities: capabilities)
        return router
    }

    static func released(_ key: IBusKey) -> IBusKey {
        IBusKey(keyval: key.keyval, keycode: key.keycode, state: key.state | release)
    }

    @Test(arguments: ["xim", "gtk3-im:gedit", "gtk4-im:gnome-text-editor", "QIBusInputContext", "kitty"])
    func aSpaceAfterASyllableIsCommittedWithItAsOneTextInEveryClient(name: String) {
        var router = Self.router(name: name)
        var outputs = Self.syllableCommitted
        #expect(router.routePress(Self.space, handled: false, outputs: &outputs))
        #expect(outputs == [.preedit(""), .commit("가 ")])
        var releaseOutputs: [FrontendOutput] = []
        #expect(router.routeRelease(Self.released(Self.space), handled: false, outputs: &releaseOutputs))
        #expect(releaseOutputs.isEmpty)
    }

    @Test func shiftedPunctuationTypesItsOwnCharacter() {
        var router = Self.router(name: "QIBusInputContext")
        var outputs = Self.syllableCommitted
        #expect(router.routePress(Self.closeParen, handled: false, outputs: &outputs))
        #expect(outputs == [.preedit(""), .commit("가)")])
    }

    @Test func aCharacterAfterAPreeditChangeWithoutCommitIsCommittedAfterIt() {
        var router = Self.router(name: "xim")
        var outputs: [FrontendOutput] = [.preedit("")]
        #expect(router.routePress(Self.space, handled: false, outputs: &outputs))
        #expect(outputs == [.preedit(""), .commit(" ")])
    }

    @Test(arguments: ["xim", "gtk3-im:xfce4-terminal", "kitty"])
    func returnAfterASyllableIsForwardedToClientsThatInsertTheKeyWhenTheCallReturns(name: String) {
        var router = Self.router(name: name, capabilities: Self.surroundingCapability)
        var outputs = Self.syllableCommitted
        #expect(router.routePress(Self.returnKey, handled: false, outputs: &outputs))
        #expect(outputs == Self.syllableCommitted + [.forwardKey(Self.returnKey)])
        var releaseOutputs: [FrontendOutput] = []
        let release = Self.released(Self.returnKey)
        #expect(router.routePress(Self.space, handled: true, outputs: &releaseOutputs))
        #expect(router.routeRelease(release, handled: false, outputs: &releaseOutputs))
        #expect(releaseOutputs == [.forwardKey(release)])
    }

    @Test(arguments: [
        IBusClient(name: "gtk3-im:gedit", capabilities: syncCapability | surroundingCapability),
        IBusClient(name: "gtk4-im:gnome-text-editor", capabilities: syncCapability | surroundingCapability),
        IBusClient(name: "gtk4-im:gnome-text-editor", capabilities: surroundingCapability),
        IBusClient(name: "QIBusInputContext", capabilities: surroundingCapability),
        IBusClient(name: nil, capabilities: syncCapability | surroundingCapability),
        IBusClient(name: nil, capabilities: surroundingCapability),
    ])
    func returnAfterASyllableIsLeftToClientsThatOrderItOrCannotReplayIt(client: IBusClient) {
        var router = KeyRouter()
        router.client = client
        var outputs = Self.syllableCommitted
        #expect(!router.routePress(Self.returnKey, handled: false, outputs: &outputs))
        #expect(outputs == Self.syllableCommitted)
        var releaseOutputs: [FrontendOutput] = []
        #expect(!router.routeRelease(Self.released(Self.returnKey), handled: false, outputs: &releaseOutputs))
    }

    @Test func onlyIbusX11GetsAKeyAfterTextForwardedLater() {
        // LibreOffice's X11 backend dropped a Return forwarded right after the commit it follows.
        #expect(IBusClient(name: "xim").forwardDelayAfterText == 50)
        for name in ["gtk3-im:gedit", "gtk4-im:gnome-text-editor", "QIBusInputContext", "kitty"] {
            #expect(IBusClient(name: name).forwardDelayAfterText == nil, "\(name)")
        }
        #expect(IBusClient(name: nil).forwardDelayAfterText == nil, "a client not named yet")
    }

    @Test func gtk4GetsEveryCharacterKeyOfHangulModeTypedByTheEngine() {
        var router = Self.router(name: "gtk4-im:gnome-text-editor", capabilities: Self.syncCapability)
        let quote = IBusKey(keyval: 0x22, keycode: 40, state: Self.shift)
        var outputs: [FrontendOutput] = []
        #expect(router.routePress(quote, handled: false, composing: true, outputs: &outputs))
        #expect(outputs == [.commit("\"")])
        var releaseOutputs: [FrontendOutput] = []
        #expect(router.routeRelease(Self.released(quote), handled: false, outputs: &releaseOutputs))
        #expect(releaseOutputs.isEmpty)
    }

    @Test func gtk4KeepsKeysAsKeysInLatinModeAndForKeysThatTypeNothing() {
        var router = Self.router(name: "gtk4-im:gnome-text-editor", capabilities: Self.syncCapability)
        var outputs: [FrontendOutput] = []
        #expect(!router.routePress(Self.space, handled: false, composing: false, outputs: &outputs))
        #expect(!router.routePress(Self.returnKey, handled: false, composing: true, outputs: &outputs))
        #expect(!router.routePress(Self.controlC, handled: false, composing: true, outputs: &outputs))
        #expect(outputs.isEmpty)
    }

    @Test func ibusX11GetsEveryKeyOfHangulModeInTheEnginesStreamTypedOrForwarded() {
        var router = Self.router(name: "xim")
        let digit = IBusKey(keyval: 0x31, keycode: 2, state: 0)
        let f9 = IBusKey(keyval: 0xFFC6, keycode: 67, state: 0)
        var outputs: [FrontendOutput] = []
        #expect(router.routePress(digit, handled: false, composing: true, outputs: &outputs))
        #expect(router.routePress(f9, handled: false, composing: true, outputs: &outputs))
        #expect(outputs == [.commit("1"), .forwardKey(f9)])
        var latin: [FrontendOutput] = []
        #expect(!router.routePress(digit, handled: false, composing: false, outputs: &latin))
        #expect(latin.isEmpty)
    }

    @Test(arguments: [
        IBusClient(name: "gtk3-im:gedit", capabilities: syncCapability),
        IBusClient(name: "QIBusInputContext", capabilities: surroundingCapability),
    ])
    func clientsThatOrderKeysThemselvesGetAnUnhandledKeyBackWhenNothingWasOnScreen(client: IBusClient) {
        var router = KeyRouter()
        router.client = client
        var outputs: [FrontendOutput] = []
        #expect(!router.routePress(Self.space, handled: false, composing: true, outputs: &outputs))
        #expect(!router.routePress(Self.returnKey, handled: false, composing: true, outputs: &outputs))
        #expect(outputs.isEmpty)
    }

    @Test func theEngineKeepsThePreeditForXimQtKeepsItsOwnAndGtkLeavesItToTheHost() {
        #expect(IBusClient(name: "xim").preeditKeeper == .engine)
        #expect(IBusClient(name: "QIBusInputContext").preeditKeeper == .clientsOwnCopy)
        #expect(IBusClient(name: "gtk3-im:gedit").preeditKeeper == .host)
        #expect(IBusClient(name: "gtk4-im:gnome-text-editor").preeditKeeper == .host)
        #expect(IBusClient(name: nil, capabilities: Self.surroundingCapability).preeditKeeper == .host)
    }

    @Test func qtGetsACommitModePreeditThatIbusDaemonWillNotCommitUnlessThePanelDrawsIt() {
        let commitVisible = IBusClient.PreeditMarking(commitMode: true, markedVisible: true)
        let clearVisible = IBusClient.PreeditMarking(commitMode: false, markedVisible: true)
        let qt = IBusClient(name: "QIBusInputContext")
        // Qt 6.8 commits its own copy on a click only in COMMIT mode; ibus-daemon commits a preedit
        // only when it is also marked visible, which Qt 5 would then get twice.
        #expect(qt.preeditMarking(ibusEmbedsPreedit: true) == .init(commitMode: true, markedVisible: false))
        // The panel draws only a visible preedit.
        #expect(qt.preeditMarking(ibusEmbedsPreedit: false) == clearVisible)
        for embeds in [true, false] {
            #expect(IBusClient(name: "gtk3-im:gedit").preeditMarking(ibusEmbedsPreedit: embeds) == commitVisible)
            #expect(IBusClient(name: "gtk4-im:gedit").preeditMarking(ibusEmbedsPreedit: embeds) == commitVisible)
            #expect(IBusClient(name: nil).preeditMarking(ibusEmbedsPreedit: embeds) == commitVisible)
            #expect(IBusClient(name: "xim").preeditMarking(ibusEmbedsPreedit: embeds) == clearVisible)
        }
    }

    @Test func onlyGtk4InSyncModeCommitsItsCopyOfThePreeditBeforeAnUnhandledKey() {
        #expect(
            IBusClient(name: "gtk4-im:x", capabilities: Self.surroundingCapability).commitsItsCopyBeforeAnUnhandledKey)
        #expect(!IBusClient(name: "gtk4-im:x", capabilities: Self.syncCapability).commitsItsCopyBeforeAnUnhandledKey)
        #expect(!IBusClient(name: "gtk3-im:gedit", capabilities: 0).commitsItsCopyBeforeAnUnhandledKey)
        #expect(!IBusClient(name: "xim", capabilities: 0).commitsItsCopyBeforeAnUnhandledKey)
        #expect(!IBusClient(name: nil, capabilities: 0).commitsItsCopyBeforeAnUnhandledKey)
    }

    @Test func fromIbus1_5_29Gtk4sSyncModeDispatchesTheEnginesCommitBeforeTheKeySoNothingIsLeftToTheModule() {
        #expect(IBusClient(name: "gtk4-im:x", capabilities: 0, ibusVersion: 1_05_28).commitsItsCopyBeforeAnUnhandledKey)
        #expect(
            !IBusClient(name: "gtk4-im:x", capabilities: 0, ibusVersion: 1_05_29).commitsItsCopyBeforeAnUnhandledKey)
        #expect(
            !IBusClient(
                name: "gtk4-im:gnome-text-editor", capabilities: Self.surroundingCapability, ibusVersion: 1_05_32
            )
            .commitsItsCopyBeforeAnUnhandledKey)
    }

    @Test func aResetLeavesThePreeditToTheEngineThroughIbusX11InLibreOfficeAndInGtk4sDefaultModesBeforeIbus1_5_28() {
        #expect(IBusClient(name: "xim").resetLeavesPreeditToEngine)
        #expect(IBusClient(name: "xim", ibusVersion: 1_05_32).resetLeavesPreeditToEngine)
        #expect(
            IBusClient(name: "gtk4-im:gnome-text-editor", capabilities: Self.syncCapability).resetLeavesPreeditToEngine)
        // GTK 4's module in sync mode commits its copy on reset; from IBus 1.5.28 in every mode.
        #expect(
            !IBusClient(name: "gtk4-im:x", capabilities: Self.surroundingCapability).resetLeavesPreeditToEngine)
        #expect(
            !IBusClient(name: "gtk4-im:x", capabilities: Self.syncCapability, ibusVersion: 1_05_28)
                .resetLeavesPreeditToEngine)
        // GTK 3's module commits its copy on the click itself, except in LibreOffice, where no copy
        // arrives; in sync mode it commits its copy on reset. Qt's plugin commits it before its reset.
        #expect(!IBusClient(name: "gtk3-im:gedit", capabilities: Self.syncCapability).resetLeavesPreeditToEngine)
        #expect(IBusClient(name: "gtk3-im:soffice", capabilities: Self.syncCapability).resetLeavesPreeditToEngine)
        #expect(
            !IBusClient(name: "gtk3-im:soffice", capabilities: Self.surroundingCapability).resetLeavesPreeditToEngine)
        #expect(
            !IBusClient(name: "QIBusInputContext", capabilities: Self.surroundingCapability).resetLeavesPreeditToEngine)
        #expect(!IBusClient(name: nil, capabilities: Self.syncCapability).resetLeavesPreeditToEngine)
    }

    @Test func fromIbus1_5_28LibreOfficeOnGtk3LeavesThePreeditToTheEngineWithoutTheCapabilityNoModuleSetsAnyMore() {
        #expect(IBusClient(name: "gtk3-im:soffice", capabilities: 0, ibusVersion: 1_05_32).resetLeavesPreeditToEngine)
        #expect(
            IBusClient(name: "gtk3-im:soffice", capabilities: Self.surroundingCapability, ibusVersion: 1_05_28)
                .resetLeavesPreeditToEngine)
        #expect(!IBusClient(name: "gtk3-im:gedit", capabilities: 0, ibusVersion: 1_05_32).resetLeavesPreeditToEngine)
        #expect(!IBusClient(name: "gtk4-im:x", capabilities: 0, ibusVersion: 1_05_32).resetLeavesPreeditToEngine)
        #expect(
            !IBusClient(name: "QIBusInputContext", capabilities: Self.surroundingCapability, ibusVersion: 1_05_32)
                .resetLeavesPreeditToEngine)
        #expect(IBusClient(name: "xim", capabilities: 0, ibusVersion: 1_05_32).resetLeavesPreeditToEngine)
    }

    @Test func theIbusReleaseIsReadFromTheLibrarysFileName() {
        #expect(IBusClient.ibusVersion(libraryPath: "/usr/lib/x86_64-linux-gnu/libibus-1.0.so.5.0.527") == 1_05_27)
        #expect(IBusClient.ibusVersion(libraryPath: "/usr/lib/x86_64-linux-gnu/libibus-1.0.so.5.0.532") == 1_05_32)
        #expect(IBusClient.ibusVersion(libraryPath: "/usr/lib/x86_64-linux-gnu/libibus-1.0.so.5") == nil)
        #expect(IBusClient.ibusVersion(libraryPath: "/opt/lib/libibus-1.0.so.5.0.x") == nil)
        #expect(IBusClient.ibusVersion(libraryPath: "") == nil)
    }

    @Test func anUnnamedClientWithoutSurroundingTextIsIbusX11AndGetsTheKeyForwarded() {
        #expect(IBusClient(name: nil, capabilities: 1 << 3 | 1 << 0).unhandledKeyOrder == .forward)
        #expect(IBusClient(name: nil, capabilities: 1 << 3).unhandledKeyOrder == .forward)
    }

    @Test func aShortcutAfterASyllableIsNeverTyped() {
        var router = Self.router(name: "xim")
        var outputs = Self.syllableCommitted
        #expect(router.routePress(Self.controlC, handled: false, outputs: &outputs))
        #expect(outputs == Self.syllableCommitted + [.forwardKey(Self.controlC)])
    }

    @Test func aKeyWhoseReplyChangedNothingGoesAsTheDaemonSaid() {
        var router = Self.router(name: "xim")
        var outputs: [FrontendOutput] = []
        #expect(!router.routePress(Self.space, handled: false, outputs: &outputs))
        #expect(outputs.isEmpty)
        var modeOnly: [FrontendOutput] = [.mode(isHangul: false)]
        #expect(!router.routePress(Self.returnKey, handled: false, outputs: &modeOnly))
        #expect(modeOnly == [.mode(isHangul: false)])
        var handled = Self.syllableCommitted
        #expect(router.routePress(Self.space, handled: true, outputs: &handled))
        #expect(handled == Self.syllableCommitted)
    }

    @Test func aKeyPressedAgainForgetsHowItsEarlierPressWent() {
        var router = Self.router(name: "xim")
        var outputs = Self.syllableCommitted
        _ = router.routePress(Self.space, handled: false, outputs: &outputs)
        var nothing: [FrontendOutput] = []
        #expect(!router.routePress(Self.space, handled: false, outputs: &nothing))
        #expect(!router.routeRelease(Self.released(Self.space), handled: false, outputs: &nothing))
        #expect(nothing.isEmpty)
    }

    @Test func aSyntheticKeyIsMatchedToItsReleaseByItsCaseFoldedKeysym() {
        var router = Self.router(name: "xim")
        var outputs = Self.syllableCommitted
        #expect(
            router.routePress(IBusKey(keyval: 0x52, keycode: 0, state: Self.shift), handled: false, outputs: &outputs))
        #expect(outputs == [.preedit(""), .commit("가R")])
        var releaseOutputs: [FrontendOutput] = []
        #expect(
            router.routeRelease(
                IBusKey(keyval: 0x72, keycode: 0, state: Self.release), handled: false, outputs: &releaseOutputs))
    }

    @Test func ibusX11sKeycodeForASyntheticEventIsReadByKeysymAlone() {
        let key = IBusKey(keyval: 0x61, keycode: 0xFFFF_FFF8, state: 0)
        #expect(key.xkbKeycode == nil)
        #expect(key.event == KeyEvent(keysym: Keysym(rawValue: 0x61)))
        #expect(IBusKey(keyval: 0x61, keycode: 30, state: 0).xkbKeycode == 38)
        #expect(IBusKey(keyval: 0x61, keycode: 65527, state: 0).xkbKeycode == 65535)
        #expect(IBusKey(keyval: 0x61, keycode: 65528, state: 0).xkbKeycode == nil)
    }

    @Test func aKeysymPastTheProtocolsRangeIsNotSentToTheDaemon() {
        #expect(IBusKey(keyval: 0x2000_0000, keycode: 30, state: 0).event == nil)
        #expect(IBusKey(keyval: 0x1FFF_FFFF, keycode: 30, state: 0).event != nil)
        #expect(IBusKey(keyval: UInt32.max, keycode: 30, state: 0).typedCharacter == nil)
    }

    @Test func aKeyWithNoKeysymIsNotSentToTheDaemon() {
        // Xlib sends a commit's stand-in key (keysym 0, X keycode 0) back to ibus-x11 now and then.
        #expect(IBusKey(keyval: 0, keycode: 0xFFFF_FFF8, state: 0).event == nil)
        #expect(IBusKey(keyval: 0, keycode: 30, state: 0).event == nil)
        #expect(IBusKey(keyval: 1, keycode: 0xFFFF_FFF8, state: 0).event != nil)
    }

    static let edges: [UInt32] = [
        0, 1, 7, 8, 0x20, 0x61, 0xFF0D, 0xFFF7, 0xFFF8, 1 << 25, 1 << 30, 0x1FFF_FFFF, 0x2000_0000, 0xFFFF_FFF7,
        0xFFFF_FFF8, .max,
    ]
    static let clients: [String?] = ["xim", "QIBusInputContext", "gtk4-im:x", nil]

    /// One key as the engine routes it, checked: nothing traps, what is sent is in the protocol's
    /// ranges, and the key reaches the application once, after the engine's own text.
    static func check(keyval: UInt32, keycode: UInt32, state: UInt32, client: String?) {
        let key = IBusKey(keyval: keyval, keycode: keycode, state: state)
        if let code = key.xkbKeycode { #expect((8...65535).contains(code)) }
        if let event = key.event {
            #expect(event.keysym.rawValue <= 0x1FFF_FFFF)
            #expect(event.isRelease == key.isRelease)
        }
        var router = KeyRouter()
        router.client = IBusClient(name: client, capabilities: state)
        var outputs = syllableCommitted
        let answer =
            key.isRelease
            ? router.routeRelease(key, handled: false, outputs: &outputs)
            : router.routePress(key, handled: false, outputs: &outputs)
        let forwarded = outputs.filter { if case .forwardKey = $0 { true } else { false } }.count
        if key.isRelease {
            #expect(!answer && outputs == syllableCommitted)
        } else if let character = key.typedCharacter {
            #expect(answer && outputs == [.preedit(""), .commit("가" + String(character))])
        } else {
            #expect(answer == (forwarded == 1))
            #expect(outputs.prefix(2) == syllableCommitted[...] && outputs.count == 2 + forwarded)
        }
    }

    /// Every combination of the values at the edges (ibus-x11's 0xFFFFFFF8 keycode among them).
    @Test func everyEdgeValueOfKeyvalKeycodeAndStateIsReadWithinTheProtocolsRanges() {
        for keyval in Self.edges {
            for keycode in Self.edges {
                for state in Self.edges {
                    for client in Self.clients {
                        Self.check(keyval: keyval, keycode: keycode, state: state, client: client)
                    }
                }
            }
        }
    }

    /// Any values at all.
    @Test func anyKeyvalKeycodeAndStateIsReadWithinTheProtocolsRanges() async {
        await propertyCheck(count: 5000, input: Gen.uint32(), Gen.uint32(), Gen.uint32(), Gen.int(in: 0...3)) {
            keyval, keycode, state, client in
            Self.check(keyval: keyval, keycode: keycode, state: state, client: Self.clients[client])
        }
    }
}
