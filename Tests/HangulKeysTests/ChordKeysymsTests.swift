import PropertyBased
import Testing

@testable import HangulKeys

/// The filter that lets a typing key skip the five chord lists (``ChordKeysyms``): it may say a key
/// is named when no chord names it, never the reverse, and the keys people type are named by none
/// of the default chords, or the filter would save nothing.
@Suite struct ChordKeysymsTests {
    /// A random number as a keysym of one of the kinds a frontend sends: Latin-1, a function key, a
    /// Unicode keysym, or any value at all.
    static func keysym(_ value: Int) -> Keysym {
        let rest = UInt32(value / 4)
        switch value % 4 {
        case 0: return Keysym(rawValue: 0x20 + rest % 0xE0)
        case 1: return Keysym(rawValue: 0xFE00 + rest % 0x200)
        case 2: return Keysym(rawValue: 0x100_0000 + rest % 0x11_0000)
        default: return Keysym(rawValue: rest)
        }
    }

    static let values = Gen.int(in: 0...0x7FFF_FFFF)

    @Test func everyChordsKeyIsNamedInEitherLetterCase() async {
        await propertyCheck(count: 500, input: Self.values.array(of: 0...16)) { values in
            let keysyms = values.map(Self.keysym)
            let chords = keysyms.map { KeyChord(keysym: $0) }
            let filter = ChordKeysyms(chords, [], chords.reversed())
            for keysym in keysyms {
                #expect(filter.mayName(keysym))
                if (0x41...0x5A).contains(keysym.rawValue) || (0x61...0x7A).contains(keysym.rawValue) {
                    #expect(filter.mayName(Keysym(rawValue: keysym.rawValue ^ 0x20)))
                }
            }
        }
    }

    @Test func noDefaultChordNamesAKeyThatTypesACharacter() {
        let context = InputContext()
        let filter = ChordKeysyms(
            context.toggleKeys, context.hangulKeys, context.latinKeys, context.hanjaKeys, context.fixKeys)
        let named = (0x21...0x7E).filter { filter.mayName(Keysym(rawValue: UInt32($0))) }
        #expect(named.isEmpty, "printable ASCII keys the default chords seem to name: \(named)")
    }

    /// Through the rules: a toggle key of any keysym toggles on its press, typed in the other letter
    /// case too (Caps Lock, which acts on its release, has tests of its own).
    @Test func aToggleKeyOfAnyKeysymToggles() async {
        await propertyCheck(count: 300, input: Self.values) { value in
            let keysym = Self.keysym(value)
            guard keysym != .capsLock else { return }
            let raw = keysym.rawValue
            let isLetter = (0x41...0x5A).contains(raw) || (0x61...0x7A).contains(raw)
            var context = InputContext()
            context.toggleKeys = [KeyChord(keysym: keysym)]
            let result = context.handle(KeyEvent(keysym: isLetter ? Keysym(rawValue: raw ^ 0x20) : keysym))
            #expect(result.handled && context.mode == .latin, "keysym \(raw) did not toggle")
        }
    }
}
