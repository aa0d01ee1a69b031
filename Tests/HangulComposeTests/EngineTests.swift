import HangulCore
import HangulKeys
import Testing

@testable import HangulCompose
@testable import HangulComposeCommands

/// The in-process engine's composer lane against the session rules it stands in for: an
/// `InputContext` given every key, as the daemon does.
@Suite struct EngineTests {
    /// What one key did.
    struct Step: Equatable, CustomStringConvertible {
        var handled: Bool
        var commit: String
        var preedit: String
        var description: String { "\(handled) \"\(commit)\" \"\(preedit)\"" }
    }

    struct Collector: StepSink {
        var steps: [Step] = []
        /// False for a sink like plain text output, which the lane gives no preedits.
        var needsPreedit = true
        mutating func take<Text: EngineText>(_ key: KeyPress, handled: Bool, commit: Text, preedit: Text) {
            steps.append(Step(handled: handled, commit: commit.string, preedit: preedit.string))
        }
    }

    /// Keys of every kind the lane must hand over correctly: its own (printable characters with
    /// and without Shift, space, BackSpace) and each kind that leaves it.
    static let keys: [KeyPress] = {
        var keys: [KeyPress] = []
        for byte in UInt8(0x20)..<0x7F {
            if let key = try? KeyNotation.parse(byte == UInt8(ascii: "<") ? "<less>" : String(Unicode.Scalar(byte)))
                .first
            {
                keys.append(KeyPress(keysym: key.keysym, modifiers: key.modifiers))
            }
        }
        for notation in [
            "<BackSpace>", "<BackSpace>", "<BackSpace>", "<Shift+space>", "<Hangul>", "<Control+a>", "<Return>",
            "<Escape>", "<Shift_L>", "<Lock+a>", "<Lock+Shift+r>", "€", "한", "<Alt+x>", "<Mod5+q>", "<Shift+BackSpace>",
            "<Tab>", "<Left>",
        ] {
            if let key = try? KeyNotation.parse(notation).first {
                keys.append(KeyPress(keysym: key.keysym, modifiers: key.modifiers))
            }
        }
        return keys
    }()

    static let optionSets: [ComposerOptions] = {
        var plain = ComposerOptions()
        var all = ComposerOptions()
        all.autoReorder = true
        all.combiOnDoubleStroke = true
        all.output = .jamo
        var strict = ComposerOptions()
        strict.extendedVowels = false
        strict.nonChoseongCombi = false
        plain.output = .syllables
        return [plain, all, strict]
    }()

    @Test func thePlainLanesLiteralsAreTheKeysTheyStandFor() {
        #expect(InProcessEngine.shiftBit == ModifierMask.shift.rawValue)
        #expect(InProcessEngine.backSpaceKeysym == Keysym.backSpace.rawValue)
        #expect(StepPrinter.shortcutModifierBits == ModifierMask([.control, .mod1, .mod4]).rawValue)
    }

    @Test(arguments: LayoutCatalog.builtIn.ids)
    func theComposerLaneTypesExactlyAsTheSessionDoes(layout id: String) throws {
        let layout = try #require(LayoutCatalog.builtIn.layout(named: id))
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15 &* UInt64(id.utf8.reduce(1) { $0 &* 31 &+ UInt64($1) })
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        let letters = Self.keys.filter { (0x61...0x7A).contains($0.keysym.rawValue) }
        for options in Self.optionSets {
            var engine = InProcessEngine(layout: layout, options: options)
            var leanEngine = InProcessEngine(layout: layout, options: options)
            for _ in 0..<600 {
                // Mostly letters, as text is; now and then any key at all.
                let keys = (0..<(1 + next(40))).map { _ in
                    next(4) == 0 ? Self.keys[next(Self.keys.count)] : letters[next(letters.count)]
                }
                engine.begin()
                var collector = Collector()
                // In two batches, so that the lane also carries state across calls.
                let cut = next(keys.count + 1)
                try engine.type(Array(keys[..<cut]), into: &collector)
                try engine.type(Array(keys[cut...]), into: &collector)
                let last = engine.finish().string
                // The lane as plain text output drives it: the composer's lean calls, no preedits.
                leanEngine.begin()
                var lean = Collector(needsPreedit: false)
                try leanEngine.type(Array(keys[..<cut]), into: &lean)
                try leanEngine.type(Array(keys[cut...]), into: &lean)
                let leanLast = leanEngine.finish().string

                var context = InputContext(layout: layout, options: options)
                var expected: [Step] = []
                for key in keys {
                    let result = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
                    _ = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers, isRelease: true))
                    expected.append(
                        Step(handled: result.handled, commit: result.commit.string, preedit: result.preedit.string))
                }
                let notation = keys.map(\.notation).joined()
                #expect(collector.steps == expected, "\(id) \(options) \(notation)")
                let flushed = context.flush().string
                #expect(last == flushed, "\(id) \(options) \(notation)")
                #expect(
                    lean.steps.map { [$0.handled ? "yes" : "no", $0.commit] }
                        == expected.map { [$0.handled ? "yes" : "no", $0.commit] }, "\(id) \(options) \(notation)")
                #expect(leanLast == flushed, "\(id) \(options) \(notation)")
                if collector.steps != expected { return }
            }
        }
    }

    /// A syllable held open past the replay bound (4096 plain keys) moves to the session and goes on.
    @Test func aVeryLongSyllableMovesToTheSession() throws {
        var engine = InProcessEngine(layout: .dubeolsik, options: ComposerOptions())
        var collector = Collector()
        let keys =
            [KeyPress(keysym: Keysym(rawValue: 0x72))]
            + Array(repeating: [KeyPress(keysym: Keysym(rawValue: 0x6B)), KeyPress(keysym: .backSpace)], count: 3000)
            .joined() + [
                KeyPress(keysym: Keysym(rawValue: 0x6B)), KeyPress(keysym: Keysym(name: "Hangul") ?? .backSpace),
            ]
        try engine.type(keys, into: &collector)
        #expect(collector.steps.count == keys.count)
        #expect(collector.steps[6000] == Step(handled: true, commit: "", preedit: "ㄱ"))
        #expect(collector.steps.last == Step(handled: true, commit: "가", preedit: ""))
    }
}
