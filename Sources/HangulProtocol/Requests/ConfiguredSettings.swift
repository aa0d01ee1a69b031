import HangulCore
import HangulKeys

/// The settings file as the daemon takes it: the line `hangulctl config get --json` prints, read
/// with the same parser and options reader as `set_options`, so the file and the wire share one
/// vocabulary and one set of checks.
///
/// The line is the options object (every member optional, as in `set_options`, `commit-unit`
/// included) plus `start-mode` (the mode `hello` reports for a new session). Anything else is refused, as
/// `set_options` refuses an unknown option: the line comes from our own tool, so an unknown member
/// means a `hangulctl` from another version, which is worth saying rather than half-reading.
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

    /// The members beyond the options.
    static let extraNames = ["start-mode"]

    /// Reads one line of `hangulctl config get --json`; the layout must be in `layouts`.
    ///
    /// Errors are the protocol's own messages (`params.layout …`), which name the member and what
    /// it accepts; the daemon logs them as a problem with the settings it was given.
    public static func parse(_ line: [UInt8], layouts: LayoutCatalog) throws(ProtocolError) -> ConfiguredSettings {
        let value: JSONValue
        do throws(JSONParseError) {
            value = try JSONParser.parse(line)
        } catch {
            throw ParamsReader.invalid("the settings are not one JSON object: \(error)")
        }
        guard let members = value.objectMembers else {
            throw ParamsReader.invalid("the settings must be a JSON object, got \(value.shortDescription)")
        }
        let extras = ParamsReader(members: members.filter { extraNames.contains($0.key) })
        let options = ParamsReader(members: members.filter { !extraNames.contains($0.key) })
        return ConfiguredSettings(
            options: try OptionsPatch(reading: options, layouts: layouts),
            startMode: try extras.choice("start-mode", as: InputMode.self) ?? .hangul)
    }
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
