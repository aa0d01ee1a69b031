/// Something that types keys: the in-process ``InputContext`` or a running `hanguld`.
///
/// Both must print exactly the same for the same input, which the tests check on a corpus.
public protocol KeyEngine {
    associatedtype Text: EngineText
    /// Starts a fresh input, as a new text field.
    mutating func begin() throws
    /// Types a batch of keys of the current input, each a press then its release, handing each
    /// key's result to `sink` in order. An input may come in several batches.
    mutating func type<Sink: StepSink>(_ keys: [KeyPress], into sink: inout Sink) throws
    /// Commits what is left at the end of an input.
    mutating func finish() throws -> Text
}
