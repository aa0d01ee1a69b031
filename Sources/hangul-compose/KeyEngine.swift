import HangulCore
import HangulKeys

/// What one key did: the frontend-visible result of a key press.
struct KeyStep {
    var handled: Bool
    var commit: String
    var preedit: String
}

/// Something that types keys: the in-process ``InputContext`` or a running `hanguld`.
///
/// Both must print exactly the same for the same input, which the tests check on a corpus.
protocol KeyEngine {
    /// Starts a fresh input, as a new text field.
    mutating func begin() throws
    /// Types the keys of one input, each a press then its release; one step per key.
    mutating func type(_ keys: [NotatedKey]) throws -> [KeyStep]
    /// Commits what is left at the end of an input.
    mutating func finish() throws -> String
}

/// Types into an ``InputContext`` in this process.
struct InProcessEngine: KeyEngine {
    let layout: Layout
    let options: ComposerOptions
    var context: InputContext

    init(layout: Layout, options: ComposerOptions) {
        self.layout = layout
        self.options = options
        context = InputContext(layout: layout, options: options)
    }

    mutating func begin() {
        context = InputContext(layout: layout, options: options)
    }

    mutating func type(_ keys: [NotatedKey]) -> [KeyStep] {
        keys.map { key in
            let result = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
            _ = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers, isRelease: true))
            return KeyStep(handled: result.handled, commit: result.commit.string, preedit: result.preedit.string)
        }
    }

    mutating func finish() -> String {
        context.flush().string
    }
}
