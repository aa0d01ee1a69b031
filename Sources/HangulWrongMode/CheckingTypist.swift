import HangulCore
import HangulKeys

/// Types candidate keys into an ``InputContext`` and keeps them only when the field then holds
/// exactly the expected text so far: how ``ReverseSpeller`` knows its keys round-trip.
///
/// The field's text is what was committed or let through (final, and checked against the expected
/// text as it arrives) plus the preedit (which later keys may still change, so it must equal the
/// rest of the expected text so far).
struct CheckingTypist {
    private var context: InputContext
    private let layout: Layout
    private let options: ComposerOptions
    private let expected: [Unicode.Scalar]
    /// How many expected scalars are final (committed or let through).
    private var settled = 0
    /// How many expected scalars have been typed, the preedit included.
    private var typed = 0

    init(layout: Layout, options: ComposerOptions, expected: [Unicode.Scalar]) {
        self.layout = layout
        self.options = options
        self.expected = expected
        context = InputContext(layout: layout, options: options)
    }

    /// Types US-QWERTY characters (space included) for the next expected character; keeps the new
    /// state and returns `true` when the field then holds the text through it.
    mutating func tryTyping(_ keys: [UInt8]) -> Bool {
        tryTyping(keys.map { Self.press(ascii: $0) })
    }

    /// Types the character itself as a key (its keysym), as the literal fallback.
    mutating func tryTyping(literal scalar: Unicode.Scalar) -> Bool {
        guard scalar != "<", let keys = try? KeyNotation.parse(String(scalar)), keys.count == 1 else {
            if scalar == "<" { return tryTyping([TypedKey(keysym: Keysym(rawValue: 0x3C), modifiers: .shift)]) }
            return false
        }
        return tryTyping([TypedKey(keysym: keys[0].keysym, modifiers: keys[0].modifiers)])
    }

    /// Gives up on the next expected character: the field is committed and starts afresh after it.
    mutating func skip() {
        context = InputContext(layout: layout, options: options)
        typed += 1
        settled = typed
    }

    private mutating func tryTyping(_ keys: [TypedKey]) -> Bool {
        var trial = context
        var settledNow = settled
        let target = typed + 1
        for key in keys {
            let result = trial.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
            _ = trial.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers, isRelease: true))
            var inserted = result.commit.scalars
            if !result.handled {
                guard key.keysym != .backSpace else { return false }
                if key.modifiers.isDisjoint(with: [.control, .mod1, .mod4]), let character = key.keysym.character {
                    inserted.append(character.value)
                }
            }
            for value in inserted {
                guard settledNow < target, expected[settledNow].value == value else { return false }
                settledNow += 1
            }
        }
        let preedit = trial.preedit.scalars
        guard settledNow + preedit.count == target else { return false }
        for (offset, value) in preedit.enumerated() where expected[settledNow + offset].value != value {
            return false
        }
        context = trial
        settled = settledNow
        typed = target
        return true
    }

    static func press(ascii: UInt8) -> TypedKey {
        TypedKey(keysym: Keysym(rawValue: UInt32(ascii)), modifiers: USQWERTYShift.needsShift(ascii) ? .shift : [])
    }
}
