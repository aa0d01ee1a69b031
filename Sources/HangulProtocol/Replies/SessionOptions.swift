import HangulCore
import HangulKeys

/// Every per-session option, as `hello`, `get_options` and `set_options` report them.
///
/// This is a reading of an ``InputContext``, not a second copy beside it: the daemon's session
/// holds only the context and derives this value when a reply needs it (``init(_:)``), so the two
/// cannot drift. Options belong to one session and die with its connection; nothing is stored.
/// The wire object always carries every option, in the order of ``names``, so a reply line is exact.
public struct SessionOptions: Equatable, Sendable {
    /// The layout's canonical id (an alias sent in `set_options` is reported as the id).
    public var layout: String
    /// The composer's switches and output form.
    public var composer: ComposerOptions
    /// Keys that switch between Hangul and Latin mode.
    public var toggleKeys: [KeyChord]
    /// Whether Escape also switches to Latin mode (for modal editors such as Vim).
    public var escapeToLatin: Bool
    /// The keys that open and close the hanja candidate list.
    public var hanjaKeys: [KeyChord]
    /// Whether a key commits each syllable or the preedit holds the word (`commit-unit`).
    public var commitUnit: CommitUnit

    public init(
        layout: String, composer: ComposerOptions, toggleKeys: [KeyChord], escapeToLatin: Bool,
        hanjaKeys: [KeyChord] = InputContext().hanjaKeys, commitUnit: CommitUnit = .syllable
    ) {
        self.layout = layout
        self.composer = composer
        self.toggleKeys = toggleKeys
        self.escapeToLatin = escapeToLatin
        self.hanjaKeys = hanjaKeys
        self.commitUnit = commitUnit
    }

    /// The options a context composes with.
    public init(_ context: InputContext) {
        self.init(
            layout: context.composer.layout.id, composer: context.composer.options, toggleKeys: context.toggleKeys,
            escapeToLatin: context.escapeSwitchesToLatin, hanjaKeys: context.hanjaKeys, commitUnit: context.commitUnit)
    }

    /// The defaults, those of a fresh ``InputContext``: dubeolsik, libhangul's switches plus
    /// extended vowels, the toggle keys Hangul and Shift+space, syllable by syllable.
    public init() {
        self.init(InputContext())
    }

    /// The option names on the wire, in reply order.
    public static let names: [String] =
        ["layout"] + ComposerOptions.Option.allCases.map(\.rawValue) + [
            "output", "toggle-keys", "escape-to-latin", "hanja-keys", "commit-unit",
        ]

    /// These options with `patch` applied; options the patch leaves out are kept.
    public func applying(_ patch: OptionsPatch) -> SessionOptions {
        var result = self
        if let layout = patch.layout { result.layout = layout }
        for option in ComposerOptions.Option.allCases {
            if let value = patch.switches[option] { result.composer[option] = value }
        }
        if let output = patch.output { result.composer.output = output }
        if let toggleKeys = patch.toggleKeys { result.toggleKeys = toggleKeys }
        if let escapeToLatin = patch.escapeToLatin { result.escapeToLatin = escapeToLatin }
        if let hanjaKeys = patch.hanjaKeys { result.hanjaKeys = hanjaKeys }
        if let commitUnit = patch.commitUnit { result.commitUnit = commitUnit }
        return result
    }
}

extension JSONWriter {
    /// Appends the options object, every option in ``SessionOptions/names`` order.
    public mutating func options(_ options: SessionOptions) {
        raw("{")
        key("layout")
        string(options.layout)
        for option in ComposerOptions.Option.allCases {
            raw(",")
            string(option.rawValue)
            raw(":")
            bool(options.composer[option])
        }
        raw(",")
        key("output")
        string(options.composer.output.rawValue)
        raw(",")
        key("toggle-keys")
        chords(options.toggleKeys)
        raw(",")
        key("escape-to-latin")
        bool(options.escapeToLatin)
        raw(",")
        key("hanja-keys")
        chords(options.hanjaKeys)
        raw(",")
        key("commit-unit")
        string(options.commitUnit.rawValue)
        raw("}")
    }
}

extension SessionOptions {
    /// Reads an options object; every option of ``names`` must be there, and toggle keys must name
    /// keysyms this side's xkbcommon knows.
    init(reading reader: ResultReader) throws(ReplyParseError) {
        var composer = ComposerOptions()
        for option in ComposerOptions.Option.allCases {
            composer[option] = try reader.bool(option.rawValue)
        }
        composer.output = try reader.choice("output", as: ComposerOptions.OutputForm.self)
        // A daemon from before hanja conversion sends no hanja-keys: it has none. One from before
        // word mode sends no commit-unit: it commits syllable by syllable.
        self.init(
            layout: try reader.string("layout"), composer: composer, toggleKeys: try Self.chords("toggle-keys", reader),
            escapeToLatin: try reader.bool("escape-to-latin"),
            hanjaKeys: reader.has("hanja-keys") ? try Self.chords("hanja-keys", reader) : [],
            commitUnit: reader.has("commit-unit") ? try reader.choice("commit-unit", as: CommitUnit.self) : .syllable)
    }

    private static func chords(_ name: String, _ reader: ResultReader) throws(ReplyParseError) -> [KeyChord] {
        var chords: [KeyChord] = []
        for (index, notation) in try reader.strings(name).enumerated() {
            do throws(KeyChord.NotationError) {
                chords.append(try KeyChord(notation: notation))
            } catch {
                throw ReplyParseError(
                    "\(reader.path).\(name)[\(index)] is not a key chord such as \"Shift+space\": "
                        + JSONValue.string(notation).shortDescription)
            }
        }
        return chords
    }
}
