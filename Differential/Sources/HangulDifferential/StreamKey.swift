import HangulCore

/// One key of a differential stream: a US-QWERTY position, the space bar, BackSpace, or a flush.
///
/// Space is not a ``HangulCore/KeyPosition`` (no layout puts a jamo on it): a frontend flushes the
/// composer and lets it through, which is what libhangul does with it too. BackSpace goes to
/// `backspace()` on both sides, and a flush (what a frontend does when focus moves) to `flush()` and
/// `hangul_ic_flush`.
public enum StreamKey: Hashable, Sendable, CustomStringConvertible {
    case position(KeyPosition)
    case space
    case backspace
    case flush

    /// The key in `hangul-compose` key notation: the character itself, `<space>`, `<BackSpace>`, and
    /// `<less>` for `<`, so a repro pastes straight into `hangul-compose --trace`; a flush, which no
    /// key types, is `<flush>`.
    public var notation: String {
        switch self {
        case .position(let position): position.ascii == UInt8(ascii: "<") ? "<less>" : String(position.character)
        case .space: "<space>"
        case .backspace: "<BackSpace>"
        case .flush: "<flush>"
        }
    }

    public var description: String { notation }

    /// The key a US-QWERTY character types: printable ASCII is a position, `" "` is the space bar.
    public init?(character: Character) {
        guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1 else { return nil }
        if scalar == " " {
            self = .space
        } else if let position = KeyPosition(scalar) {
            self = .position(position)
        } else {
            return nil
        }
    }

    /// Reads keys written in ``notation``, as a mismatch report prints them; `nil` on anything else.
    public static func parse(_ notation: String) -> [StreamKey]? {
        var keys: [StreamKey] = []
        var rest = Substring(notation)
        while let first = rest.first {
            if first == "<" {
                guard let close = rest.firstIndex(of: ">") else { return nil }
                switch rest[rest.index(after: rest.startIndex)..<close] {
                case "space": keys.append(.space)
                case "BackSpace": keys.append(.backspace)
                case "flush": keys.append(.flush)
                case "less": keys.append(.position(Self.less))
                default: return nil
                }
                rest = rest[rest.index(after: close)...]
            } else {
                guard let key = StreamKey(character: first) else { return nil }
                keys.append(key)
                rest = rest.dropFirst()
            }
        }
        return keys
    }

    /// The `<` key, which notation writes `<less>`.
    static let less: KeyPosition = {
        guard let position = KeyPosition(ascii: UInt8(ascii: "<")) else { preconditionFailure("< is printable ASCII") }
        return position
    }()

    /// A key stream in notation, one string.
    public static func notation(_ keys: some Sequence<StreamKey>) -> String { keys.map(\.notation).joined() }
}
