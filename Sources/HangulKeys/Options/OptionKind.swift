/// What an option takes: the shape of its value on the wire and in the settings file, which is all
/// the protocol's reader and writer, the file's reader and writer and a settings dialog need to know
/// about it.
public enum OptionKind: Hashable, Sendable {
    /// `true` or `false`.
    case flag
    /// One of these words, each with a label for a settings dialog.
    case choice([OptionChoice])
    /// A layout id or alias from the catalog the reader was given; the words are only known at run
    /// time (the built-ins plus the user's layout files).
    case layout
    /// An array of key chords in the notation of ``KeyChord/init(notation:)``, at most
    /// ``maximumKeys``.
    case keys

    /// The most chords a `keys` option may list, on the wire and in the file.
    public static let maximumKeys = 16

    /// The kind's name in `list_options` (PROTOCOL.md): `flag`, `choice`, `layout` or `keys`.
    public var name: String {
        switch self {
        case .flag: "flag"
        case .choice: "choice"
        case .layout: "layout"
        case .keys: "keys"
        }
    }

    /// The words a choice takes; empty for the other kinds.
    public var words: [String] {
        guard case .choice(let choices) = self else { return [] }
        return choices.map(\.word)
    }
}

/// One word a choice option takes, with what a settings dialog shows for it.
public struct OptionChoice: Hashable, Sendable {
    /// The word on the wire and in the file: `syllables`.
    public var word: String
    /// The label in English: `Precomposed syllables`.
    public var name: String
    /// The label in Korean: `완성형`.
    public var koreanName: String

    public init(_ word: String, _ name: String, _ koreanName: String) {
        self.word = word
        self.name = name
        self.koreanName = koreanName
    }
}
