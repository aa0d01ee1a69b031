import HangulCore
import HangulKeys

/// Every per-session option, as `hello`, `get_options` and `set_options` report them.
///
/// This is a reading of an ``InputContext``, not a second copy beside it: the daemon's session
/// holds only the context and derives this value when a reply needs it (``init(_:)``), so the two
/// cannot drift. Options belong to one session and die with its connection; nothing is stored.
/// The wire object always carries every option, in the order of ``names``, so a reply line is exact.
/// Which options there are, and their defaults, is the option table's (``OptionKey``).
public struct SessionOptions: Equatable, Sendable {
    /// One value per key of ``OptionKey/perSession``, each of the shape its kind takes.
    private var values: [OptionKey: OptionValue]

    /// The options a context composes with.
    public init(_ context: InputContext) {
        values = [:]
        for key in OptionKey.perSession { values[key] = key.value(in: context) ?? key.defaultValue }
    }

    /// The defaults, the option table's: dubeolsik, libhangul's switches plus extended vowels, the
    /// toggle keys Hangul and Shift+space, syllable by syllable.
    public init() {
        values = [:]
        for key in OptionKey.perSession { values[key] = key.defaultValue }
    }

    /// The option names on the wire, in reply order.
    public static let names: [String] = OptionKey.perSession.map(\.rawValue)

    /// An option's value; setting a value of the wrong shape, or a daemon-wide key, changes nothing.
    public subscript(key: OptionKey) -> OptionValue {
        get { values[key] ?? key.defaultValue }
        set {
            guard key.isPerSession, newValue.fits(key.kind) else { return }
            values[key] = newValue
        }
    }

    /// The layout's canonical id (an alias sent in `set_options` is reported as the id).
    public var layout: String { self[.layout].word ?? "" }

    /// A switch's value (false for an option that is not a switch).
    public func flag(_ key: OptionKey) -> Bool { self[key].flag ?? false }

    /// A key list's chords (empty for an option that is not a key list).
    public func keys(_ key: OptionKey) -> [KeyChord] { self[key].keys ?? [] }

    /// These options with `patch` applied; options the patch leaves out are kept, and so are the
    /// daemon-wide settings a patch from the settings file carries.
    public func applying(_ patch: OptionsPatch) -> SessionOptions {
        var result = self
        for (key, value) in patch.values { result[key] = value }
        return result
    }
}

extension JSONWriter {
    /// Appends the options object, every option in ``SessionOptions/names`` order.
    public mutating func options(_ options: SessionOptions) {
        raw("{")
        for (index, key) in OptionKey.perSession.enumerated() {
            if index > 0 { raw(",") }
            string(key.rawValue)
            raw(":")
            optionValue(options[key])
        }
        raw("}")
    }

    /// Appends one option's value: `true`, `"3f"`, `["Hangul","Shift+space"]`.
    public mutating func optionValue(_ value: OptionValue) {
        switch value {
        case .flag(let flag): bool(flag)
        case .word(let word): string(word)
        case .keys(let keys): chords(keys)
        }
    }
}

extension SessionOptions {
    /// Reads an options object; every option of ``names`` must be there, except those an older
    /// daemon did not have yet (``OptionKey/valueFromOlderDaemon``), and key lists must name
    /// keysyms this side's xkbcommon knows. Members this side does not know are a newer daemon's
    /// and are skipped.
    init(reading reader: ResultReader) throws(ReplyParseError) {
        self.init()
        for key in OptionKey.perSession {
            let name = key.rawValue
            if !reader.has(name), let older = key.valueFromOlderDaemon {
                self[key] = older
                continue
            }
            switch key.kind {
            case .flag: self[key] = .flag(try reader.bool(name))
            case .layout: self[key] = .word(try reader.string(name))
            case .choice: self[key] = .word(try reader.word(name, among: key.kind.words))
            case .keys: self[key] = .keys(try Self.chords(name, reader))
            }
        }
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
