import HangulCore
import HangulCoreTesting
import HangulHanja
import HangulKeys
import PropertyBased
import Testing

/// Laws of word-commit mode through the session rules (``InputContext``), on every built-in layout
/// and option set, with every kind of key a frontend sends: word mode is syllable mode with the
/// commits held back until the word ends, and BackSpace can take any word apart again.
///
/// `WordComposerLawTests` state the same of the composer alone; these hold the rules around it to
/// them too (which keys end a word, toggles, shortcuts, named keys, Latin mode).
@Suite struct WordModeLawTests {
    static let layoutIDs = Layout.builtIn.map(\.id)
    static let streams = Gen.int(in: 0...999_999).array(of: 0...60)
    static let optionBits = Gen.int(in: 0...31)

    /// Keys that are not a layout position: each rule of PROTOCOL.md 9.1 that is not a character key.
    static let otherKeys: [KeyEvent] = [
        KeyEvent(keysym: .space), KeyEvent(keysym: .backSpace), KeyEvent(keysym: .backSpace),
        KeyEvent(keysym: .return), KeyEvent(keysym: .escape), KeyEvent(keysym: .left), KeyEvent(keysym: .f9),
        KeyEvent(keysym: .space, modifiers: .shift), KeyEvent(keysym: .hangul),
        KeyEvent(keysym: Keysym(rawValue: 0x61), modifiers: .control), KeyEvent(keysym: .shiftL),
        KeyEvent(keysym: Keysym(rawValue: 0x20AC)),
    ]

    static func layout(_ id: String) -> Layout {
        guard let layout = Layout.named(id) else { preconditionFailure("built-in layout \(id) not found by its id") }
        return layout
    }

    /// A random number as a key press: mostly the layout's Hangul keys, then any printable
    /// position (digits, punctuation, symbols the layout types), then the other keys.
    static func event(_ value: Int, on layout: Layout, hangulKeys: [KeyPosition]) -> KeyEvent {
        let choice = value % 100
        let pick = value / 100
        let position: KeyPosition
        switch choice {
        case 0..<70: position = hangulKeys[pick % hangulKeys.count]
        case 0..<82: position = KeyPosition.all[pick % KeyPosition.all.count]
        default: return otherKeys[pick % otherKeys.count]
        }
        let character = UInt32(position.ascii)
        return KeyEvent(keysym: Keysym(rawValue: character))
    }

    static func isHangulKey(_ event: KeyEvent, _ hangulKeys: [KeyPosition]) -> Bool {
        event.modifiers.isEmpty && hangulKeys.contains { UInt32($0.ascii) == event.keysym.rawValue }
    }

    /// Presses then releases, as a frontend sends keys; returns the press's result.
    static func type(_ event: KeyEvent, into context: inout InputContext) -> KeyResult {
        let result = context.handle(event)
        _ = context.handle(KeyEvent(keysym: event.keysym, modifiers: event.modifiers, isRelease: true))
        return result
    }

    /// After every key, word mode handles it as syllable mode does and shows as preedit what
    /// syllable mode committed since word mode last committed, followed by syllable mode's preedit
    /// (and nothing held back after a key that ends a word); what word mode has committed is always
    /// a beginning of what syllable mode has; after a final flush the two have committed the same
    /// text. BackSpace is pressed only while syllable mode has
    /// a preedit to edit (with none it goes to the application, which deletes a whole character,
    /// where word mode reaches back into the word keystroke by keystroke).
    @Test(arguments: layoutIDs)
    func wordModeCommitsWhatSyllableModeCommitsHeldBackUntilTheWordEnds(layoutID: String) async {
        let layout = Self.layout(layoutID)
        let hangulKeys = Stroke.hangulKeyPositions(of: layout)
        await propertyCheck(count: 200, input: Self.streams, Self.optionBits) { values, bits in
            let options = ComposerOptions(bits: bits)
            var syllables = InputContext(layout: layout, options: options)
            var words = InputContext(layout: layout, options: options, commitUnit: .word)
            var syllableText: [UInt32] = []
            var wordText: [UInt32] = []
            for value in values {
                let event = Self.event(value, on: layout, hangulKeys: hangulKeys)
                if event.keysym == .backSpace, syllables.preedit.isEmpty { continue }
                let expected = Self.type(event, into: &syllables)
                let result = Self.type(event, into: &words)
                #expect(result.handled == expected.handled, "\(event)")
                #expect(result.mode == expected.mode)
                syllableText += expected.commit.scalars
                wordText += result.commit.scalars
                #expect(syllableText.starts(with: wordText), "\(event)")
                let heldBack = Array(syllableText.dropFirst(wordText.count))
                #expect(result.preedit.scalars == heldBack + expected.preedit.scalars, "\(event)")
                // Every key but a Hangul key, BackSpace or a bare modifier ends the word.
                if !Self.isHangulKey(event, hangulKeys), event.keysym != .backSpace, !event.keysym.isModifier {
                    #expect(heldBack.isEmpty, "\(event) left the word open")
                }
                #expect(words.preedit == result.preedit)
            }
            syllableText += syllables.flush().scalars
            wordText += words.flush().scalars
            #expect(wordText == syllableText)
            #expect(words.preedit.isEmpty)
        }
    }

    /// Any word typed, then BackSpace over and over: each press is handled and commits nothing, at
    /// most one press per key typed, until the preedit is empty; the next goes to the application.
    @Test(arguments: layoutIDs)
    func backspaceTakesAnyWordBackToNothing(layoutID: String) async {
        let layout = Self.layout(layoutID)
        let hangulKeys = Stroke.hangulKeyPositions(of: layout)
        await propertyCheck(count: 200, input: Self.streams, Self.optionBits) { values, bits in
            var words = InputContext(layout: layout, options: ComposerOptions(bits: bits), commitUnit: .word)
            var typed = 0
            for value in values {
                let position = hangulKeys[value % hangulKeys.count]
                let character = UInt32(position.ascii)
                let result = Self.type(KeyEvent(keysym: Keysym(rawValue: character)), into: &words)
                typed += 1
                if !result.commit.isEmpty { typed = 0 }
            }
            var erased = 0
            while erased <= typed {
                let result = Self.type(KeyEvent(keysym: .backSpace), into: &words)
                guard result.handled else { break }
                #expect(result.commit.isEmpty)
                erased += 1
            }
            #expect(erased <= typed)
            #expect(words.preedit.isEmpty)
            #expect(!Self.type(KeyEvent(keysym: .backSpace), into: &words).handled)
            #expect(words.flush().isEmpty)
        }
    }
}
