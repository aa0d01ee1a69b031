import HangulCore
import HangulKeys

/// The user's settings: what `config.toml` says, typed with the engine's own vocabulary (the option
/// table, ``OptionKey``).
///
/// Every session starts from these: its layout, the composer's switches, the toggle keys, the
/// starting mode and the commit unit. A key the file leaves out keeps its default, which is the
/// option table's, the protocol's default for the same option (PROTOCOL.md section 5), so a
/// missing or empty file behaves exactly as no file at all.
public struct Settings: Sendable, Equatable {
    /// One value per key, each of the shape its kind takes (a layout as its canonical id, checked
    /// against the layout catalog the file was read with).
    private var values: [OptionKey: OptionValue]

    /// The defaults: the option table's.
    public init() {
        values = [:]
        for key in OptionKey.allCases { values[key] = key.defaultValue }
    }

    /// A key's value; setting a value of the wrong shape changes nothing.
    public subscript(key: OptionKey) -> OptionValue {
        get { values[key] ?? key.defaultValue }
        set {
            guard newValue.fits(key.kind) else { return }
            values[key] = newValue
        }
    }

    /// The mode a new session starts in (`start-mode`).
    public var startMode: InputMode { self[.startMode].word.flatMap(InputMode.init(rawValue:)) ?? .hangul }

    /// Whether the preedit is a syllable or a word (`commit-unit`).
    public var commitUnit: CommitUnit { self[.commitUnit].word.flatMap(CommitUnit.init(rawValue:)) ?? .syllable }

    /// The most keys a key list such as `toggle-keys` may hold, as many as `set_options` takes
    /// (PROTOCOL.md section 10).
    public static let maximumKeysInAList = OptionKind.maximumKeys
}
