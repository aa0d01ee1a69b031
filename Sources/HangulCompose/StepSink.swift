import HangulCore
import HangulProtocol

/// What receives each key's result as an engine types: the frontend-visible result of a press.
///
/// A callback rather than an array of results, so that the in-process engine hands each result
/// over where it was made: a batch of keys is typed at close to the composer's own speed.
public protocol StepSink {
    /// The key's result: whether the engine used it, what to commit, the new preedit.
    mutating func take<Text: EngineText>(_ key: KeyPress, handled: Bool, commit: Text, preedit: Text) throws

    /// A step of hanja conversion: the list opened, moved or closed, or a pick that may delete
    /// characters before the cursor. Engines call this only then, so typing keeps the plain path.
    mutating func take(
        _ key: KeyPress, handled: Bool, commit: String, preedit: String, deleteBefore: Int,
        candidates: CandidatesMember) throws

    /// The text before the cursor, as the field holds it: what a fix key works on (the daemon's
    /// `set_surrounding_text`). Only the last `InputContext.surroundingLimit` characters matter.
    var textBeforeCursor: String { get }

    /// Whether the sink reads the preedits it is given. When false, an engine may hand it empty
    /// ones, and skip making them: plain text output shows only what is committed.
    var needsPreedit: Bool { get }

    /// A key's result for a sink that shows no preedit (``needsPreedit`` false): the commit is
    /// the engine's own variable, passed in place and left as it was. Passed by value, it was
    /// copied on every key, a copy the CPU stalled on since the composer had just written it
    /// (issue 25).
    mutating func take(_ key: KeyPress, handled: Bool, committing commit: inout ComposedText) throws
}

extension StepSink {
    /// Sinks that do not show conversion take its text as any other step's.
    public mutating func take(
        _ key: KeyPress, handled: Bool, commit: String, preedit: String, deleteBefore: Int,
        candidates: CandidatesMember
    ) throws {
        try take(key, handled: handled, commit: commit, preedit: preedit)
    }

    /// Sinks that keep no text give a fix key nothing before the cursor.
    public var textBeforeCursor: String { "" }

    /// Sinks read every preedit unless they say otherwise.
    public var needsPreedit: Bool { true }

    /// Sinks that do not take a commit in place take it as any other step's, with no preedit.
    public mutating func take(_ key: KeyPress, handled: Bool, committing commit: inout ComposedText) throws {
        try take(key, handled: handled, commit: commit, preedit: ComposedText())
    }
}
