import HangulCore
import HangulKeys

/// The result of `list_options`: every option and daemon-wide setting, in the settings file's
/// order, described from the option table (``OptionKey``) so that a settings dialog can be built
/// from it without knowing any option by name.
///
/// `{"options":[{"name":"layout","type":"layout","scope":"session","default":"2","values":[…],
/// "description":"…","korean_description":"…"},…]}`
public struct OptionListResult: ReplyResult, Equatable {
    /// One option as the list describes it.
    public struct Entry: Equatable, Sendable {
        /// The option's name on the wire and in the settings file.
        public var name: String
        /// `flag`, `choice`, `layout` or `keys` (``OptionKind/name``).
        public var type: String
        /// `session` for an option each session has (`set_options` changes it), `daemon` for a
        /// setting only the settings file sets (`start-mode`).
        public var scope: String
        /// The built-in default, as the options object writes it.
        public var defaultValue: JSONValue
        /// What a choice or a layout may be, each with its English and Korean label; empty for
        /// flags and key lists.
        public var values: [OptionChoice]
        public var description: String
        public var koreanDescription: String

        public init(
            name: String, type: String, scope: String, defaultValue: JSONValue, values: [OptionChoice],
            description: String, koreanDescription: String
        ) {
            self.name = name
            self.type = type
            self.scope = scope
            self.defaultValue = defaultValue
            self.values = values
            self.description = description
            self.koreanDescription = koreanDescription
        }

        /// The option table's entry for `key`; a layout's values are `layouts`' ids with their names.
        public init(_ key: OptionKey, layouts: LayoutCatalog) {
            let values: [OptionChoice] =
                switch key.kind {
                case .choice(let choices): choices
                case .layout:
                    layouts.entries.map { OptionChoice($0.layout.id, $0.layout.name, $0.layout.koreanName) }
                case .flag, .keys: []
                }
            self.init(
                name: key.rawValue, type: key.kind.name, scope: key.isPerSession ? "session" : "daemon",
                defaultValue: Self.json(key.defaultValue), values: values, description: key.summary.english,
                koreanDescription: key.summary.korean)
        }

        /// A value as the options object writes it.
        static func json(_ value: OptionValue) -> JSONValue {
            switch value {
            case .flag(let flag): .bool(flag)
            case .word(let word): .string(word)
            case .keys(let keys): .array(keys.map { .string($0.notation) })
            }
        }
    }

    public var entries: [Entry]

    public init(entries: [Entry]) { self.entries = entries }

    /// Every key of the option table, a layout's values taken from `layouts`.
    public init(layouts: LayoutCatalog) {
        self.init(entries: OptionKey.allCases.map { Entry($0, layouts: layouts) })
    }

    public func write(to writer: inout JSONWriter) {
        writer.raw(#"{"options":["#)
        for (index, entry) in entries.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.raw("{")
            writer.key("name")
            writer.string(entry.name)
            writer.raw(",")
            writer.key("type")
            writer.string(entry.type)
            writer.raw(",")
            writer.key("scope")
            writer.string(entry.scope)
            writer.raw(",")
            writer.key("default")
            writer.value(entry.defaultValue)
            if !entry.values.isEmpty {
                writer.raw(",")
                writer.key("values")
                writer.raw("[")
                for (index, choice) in entry.values.enumerated() {
                    if index > 0 { writer.raw(",") }
                    writer.raw("{")
                    writer.key("value")
                    writer.string(choice.word)
                    writer.raw(",")
                    writer.key("name")
                    writer.string(choice.name)
                    writer.raw(",")
                    writer.key("korean_name")
                    writer.string(choice.koreanName)
                    writer.raw("}")
                }
                writer.raw("]")
            }
            writer.raw(",")
            writer.key("description")
            writer.string(entry.description)
            writer.raw(",")
            writer.key("korean_description")
            writer.string(entry.koreanDescription)
            writer.raw("}")
        }
        writer.raw("]}")
    }
}

extension OptionListResult: ReceivableResult {
    /// Reads the list; members this side does not know (a later daemon's) are skipped.
    public init(parsing result: JSONValue) throws(ReplyParseError) {
        let reader = try ResultReader(result, path: "result")
        var entries: [Entry] = []
        for (index, element) in try reader.array("options").enumerated() {
            let entry = try ResultReader(element, path: "result.options[\(index)]")
            var values: [OptionChoice] = []
            if entry.has("values") {
                for (valueIndex, value) in try entry.array("values").enumerated() {
                    let choice = try ResultReader(value, path: "\(entry.path).values[\(valueIndex)]")
                    values.append(
                        OptionChoice(
                            try choice.string("value"), try choice.string("name"), try choice.string("korean_name")))
                }
            }
            entries.append(
                Entry(
                    name: try entry.string("name"), type: try entry.string("type"), scope: try entry.string("scope"),
                    defaultValue: try entry.member("default"), values: values,
                    description: try entry.string("description"),
                    koreanDescription: try entry.string("korean_description")))
        }
        self.init(entries: entries)
    }
}
