import HangulCore

/// One entry of `hello`'s `layouts`:
/// `{"id":"2","aliases":["dubeolsik"],"name":"Dubeolsik","korean_name":"두벌식","kind":"jamo","origin":"built-in"}`.
public struct LayoutSummary: Equatable, Sendable {
    /// Where the daemon got a layout; a frontend can show user layouts, and overrides, as such.
    public enum Origin: String, Sendable {
        /// Compiled into the daemon.
        case builtIn = "built-in"
        /// A layout file of the user's with an id of its own.
        case user
        /// A layout file of the user's that replaces the built-in layout with the same id.
        case userOverride = "user-override"
    }

    /// What `set_options` takes as `layout`.
    public var id: String
    /// Other names `set_options` accepts for it (the long ids such as "sebeolsik-final").
    public var aliases: [String]
    public var name: String
    public var koreanName: String
    /// `jamo` (two-set), `jaso` (keys name the slot) or `romaja` (reads the keysym, not the position).
    public var kind: String
    public var origin: Origin

    public init(
        id: String, aliases: [String] = [], name: String, koreanName: String, kind: String = "jamo",
        origin: Origin = .builtIn
    ) {
        self.id = id
        self.aliases = aliases
        self.name = name
        self.koreanName = koreanName
        self.kind = kind
        self.origin = origin
    }

    public init(_ entry: LayoutCatalog.Entry) {
        let origin: Origin =
            switch entry.source {
            case .builtIn: .builtIn
            case .file: entry.overridesBuiltIn ? .userOverride : .user
            }
        self.init(
            id: entry.layout.id, aliases: entry.layout.aliases, name: entry.layout.name,
            koreanName: entry.layout.koreanName, kind: entry.layout.kind.rawValue, origin: origin)
    }
}

extension LayoutSummary {
    /// Writes the entry as `hello` lists it.
    public func write(to writer: inout JSONWriter) {
        writer.raw("{")
        writer.key("id")
        writer.string(id)
        writer.raw(",")
        writer.key("aliases")
        writer.raw("[")
        for (index, alias) in aliases.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(alias)
        }
        writer.raw("],")
        writer.key("name")
        writer.string(name)
        writer.raw(",")
        writer.key("korean_name")
        writer.string(koreanName)
        writer.raw(",")
        writer.key("kind")
        writer.string(kind)
        writer.raw(",")
        writer.key("origin")
        writer.string(origin.rawValue)
        writer.raw("}")
    }

    /// Reads one entry of `hello`'s `layouts`.
    init(reading reader: ResultReader) throws(ReplyParseError) {
        guard let origin = Origin(rawValue: try reader.string("origin")) else {
            throw ReplyParseError(
                "\(reader.path).origin must be \"built-in\", \"user\" or \"user-override\", got "
                    + (try reader.member("origin")).shortDescription)
        }
        self.init(
            id: try reader.string("id"), aliases: try reader.strings("aliases"), name: try reader.string("name"),
            koreanName: try reader.string("korean_name"), kind: try reader.string("kind"), origin: origin)
    }
}
