import HangulCore
import HangulKeys

/// One key press read from key notation: what a frontend would send for it.
///
/// Lighter than HangulKeys' `NotatedKey`, which writes the key's notation when it is made: a batch
/// builds the notation only for the formats that print it.
public struct KeyPress: Hashable, Sendable {
    public var keysym: Keysym
    public var modifiers: ModifierMask

    public init(keysym: Keysym, modifiers: ModifierMask = []) {
        self.keysym = keysym
        self.modifiers = modifiers
    }

    /// The key in normalized notation (`R`, `<BackSpace>`, `<Control+a>`).
    public var notation: String { KeyNotation.format(keysym: keysym, modifiers: modifiers) }
}

/// Text an engine returns, which a batch appends as UTF-8 without building a `String` when it can.
public protocol EngineText {
    func appendUTF8(to bytes: inout [UInt8])
    var string: String { get }
}

extension ComposedText: EngineText {}

extension String: EngineText {
    public func appendUTF8(to bytes: inout [UInt8]) { bytes.append(contentsOf: utf8) }
    public var string: String { self }
}

/// What one key did: the frontend-visible result of a key press.
public struct KeyStep<Text: EngineText> {
    public var handled: Bool
    public var commit: Text
    public var preedit: Text

    public init(handled: Bool, commit: Text, preedit: Text) {
        self.handled = handled
        self.commit = commit
        self.preedit = preedit
    }
}

/// Something that types keys: the in-process ``InputContext`` or a running `hanguld`.
///
/// Both must print exactly the same for the same input, which the tests check on a corpus.
public protocol KeyEngine {
    associatedtype Text: EngineText
    /// Starts a fresh input, as a new text field.
    mutating func begin() throws
    /// Types a batch of keys of the current input, each a press then its release; appends one
    /// step per key. An input may come in several batches.
    mutating func type(_ keys: [KeyPress], into steps: inout [KeyStep<Text>]) throws
    /// Commits what is left at the end of an input.
    mutating func finish() throws -> Text
}

/// Types into an ``InputContext`` in this process.
public struct InProcessEngine: KeyEngine {
    public let layout: Layout
    public let options: ComposerOptions
    var context: InputContext

    public init(layout: Layout, options: ComposerOptions) {
        self.layout = layout
        self.options = options
        context = InputContext(layout: layout, options: options)
    }

    public mutating func begin() {
        context = InputContext(layout: layout, options: options)
    }

    public mutating func type(_ keys: [KeyPress], into steps: inout [KeyStep<ComposedText>]) {
        for key in keys {
            let result = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
            _ = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers, isRelease: true))
            steps.append(KeyStep(handled: result.handled, commit: result.commit, preedit: result.preedit))
        }
    }

    public mutating func finish() -> ComposedText {
        context.flush()
    }
}
