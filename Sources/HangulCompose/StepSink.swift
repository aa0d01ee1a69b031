/// What receives each key's result as an engine types: the frontend-visible result of a press.
///
/// A callback rather than an array of results, so that the in-process engine hands each result
/// over where it was made: a batch of keys is typed at close to the composer's own speed.
public protocol StepSink {
    /// The key's result: whether the engine used it, what to commit, the new preedit.
    mutating func take<Text: EngineText>(_ key: KeyPress, handled: Bool, commit: Text, preedit: Text) throws
}
