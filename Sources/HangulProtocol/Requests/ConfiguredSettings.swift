import HangulCore
import HangulKeys

/// The settings file as the daemon's sessions take it: the options a new session starts from (as
/// `set_options` would set them, `commit-unit` included; the file and the wire share one
/// vocabulary) plus `start-mode`, the mode `hello` reports for a new session. HangulConfig reads
/// the file and builds this.
public struct ConfiguredSettings: Equatable, Sendable {
    /// The options every new session starts from; nil members keep the built-in default.
    public var options: OptionsPatch
    /// The mode a new session starts in.
    public var startMode: InputMode

    public init(options: OptionsPatch = OptionsPatch(), startMode: InputMode = .hangul) {
        self.options = options
        self.startMode = startMode
    }

    /// Whether a key commits a syllable or the preedit holds a whole word: an option like the
    /// others, which sessions take unless they set their own.
    public var commitUnit: CommitUnit { options.commitUnit ?? .syllable }
}

extension OptionsPatch {
    /// This patch with `later`'s values on top: what a session has set through every `set_options`.
    public func merging(_ later: OptionsPatch) -> OptionsPatch {
        var result = self
        if let layout = later.layout { result.layout = layout }
        result.switches.merge(later.switches) { _, new in new }
        if let output = later.output { result.output = output }
        if let toggleKeys = later.toggleKeys { result.toggleKeys = toggleKeys }
        if let escapeToLatin = later.escapeToLatin { result.escapeToLatin = escapeToLatin }
        if let hanjaKeys = later.hanjaKeys { result.hanjaKeys = hanjaKeys }
        if let commitUnit = later.commitUnit { result.commitUnit = commitUnit }
        return result
    }
}
