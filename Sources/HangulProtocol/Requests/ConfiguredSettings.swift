import HangulCore
import HangulKeys

/// The settings file as the daemon's sessions take it: the options a new session starts from (as
/// `set_options` would set them; the file and the wire share one vocabulary, the option table's)
/// plus the daemon-wide settings such as `start-mode`, the mode `hello` reports for a new session.
/// HangulConfig reads the file and builds this.
public struct ConfiguredSettings: Equatable, Sendable {
    /// Every value the file gives, per-session options and daemon-wide settings alike; a key left
    /// out keeps the option table's default.
    public var options: OptionsPatch

    public init(options: OptionsPatch = OptionsPatch(), startMode: InputMode? = nil) {
        self.options = options
        if let startMode { self.options[.startMode] = .word(startMode.rawValue) }
    }

    /// A setting's value: the file's, or the option table's default.
    public subscript(key: OptionKey) -> OptionValue { options[key] ?? key.defaultValue }

    /// The mode a new session starts in.
    public var startMode: InputMode { self[.startMode].word.flatMap(InputMode.init(rawValue:)) ?? .hangul }

    /// Whether a key commits a syllable or the preedit holds a whole word: an option like the
    /// others, which sessions take unless they set their own.
    public var commitUnit: CommitUnit { self[.commitUnit].word.flatMap(CommitUnit.init(rawValue:)) ?? .syllable }
}
