import HangulCore
import HangulKeys

/// The user's settings: what `config.toml` says, typed with the engine's own vocabulary.
///
/// Every session starts from these: its layout, the composer's switches, the toggle keys, the
/// starting mode and the commit unit. A key the file leaves out keeps its default, which is the
/// protocol's default for the same option (PROTOCOL.md section 5), so a missing or empty file
/// behaves exactly as no file at all.
public struct Settings: Sendable, Equatable {
    /// The layout's id (an alias in the file is stored as the id it names), checked against the
    /// layout catalog the file was read with.
    public var layout = "2"
    /// The composer's switches and output form (`auto-reorder`, `combi-on-double-stroke`,
    /// `non-choseong-combi`, `extended-vowels`, `output`).
    public var composerOptions = ComposerOptions()
    /// The keys that switch between Hangul and Latin (`toggle-keys`); empty disables them.
    public var toggleKeys: [KeyChord] = [KeyChord(keysym: .hangul), KeyChord(keysym: .space, modifiers: .shift)]
    /// Whether Escape also switches to Latin (`escape-to-latin`), for modal editors.
    public var escapeToLatin = false
    /// The mode a new session starts in (`start-mode`): Hangul, as hanguld always has, or Latin,
    /// as ibus-hangul starts.
    public var startMode: InputMode = .hangul
    /// Whether the preedit is a syllable or a word (`commit-unit`).
    public var commitUnit: CommitUnit = .syllable

    /// The keys that open hanja and symbol candidates (`hanja-keys`); empty lets them reach the
    /// application.
    public var hanjaKeys: [KeyChord] = [KeyChord(keysym: .hangulHanja), KeyChord(keysym: .f9)]

    /// The defaults: the protocol's default options, Hangul mode, syllable commits.
    public init() {}

    /// The most keys `toggle-keys` or `hanja-keys` may list, as many as `set_options` takes
    /// (PROTOCOL.md section 10).
    public static let maximumKeysInAList = 16
}
