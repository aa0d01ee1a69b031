import HangulCore
import HangulKeys

extension Settings {
    /// Reads a settings file's text.
    ///
    /// Every problem is collected (an unknown key, a wrong type, an unknown layout, a bad toggle
    /// key), each with its line and what is accepted there, and any problem rejects the whole file:
    /// the caller keeps the settings it had. Keys the file leaves out keep their defaults.
    ///
    /// - Parameters:
    ///   - source: The path to name in messages.
    ///   - layouts: The layouts `layout` may name, by id or alias: the built-ins plus the user's
    ///     layout files, as the daemon will offer them.
    public static func parse(_ text: String, source: String, layouts: LayoutCatalog) throws(ConfigError) -> Settings {
        let document = try document(text, source: source)
        var reader = SettingsReader(source: source, layouts: layouts)
        for entry in document.entries { reader.read(entry) }
        guard reader.problems.isEmpty else { throw ConfigError(problems: reader.problems) }
        return reader.settings
    }

    /// The file's TOML, or its first syntax problem (or table, or date) with its line.
    static func document(_ text: String, source: String) throws(ConfigError) -> TOMLDocument {
        if let offset = text.utf8.firstIndex(of: 0) {
            let line = text.utf8[..<offset].count { $0 == UInt8(ascii: "\n") } + 1
            throw ConfigError(
                FileProblem(source: source, line: line, reason: "contains a NUL byte; a settings file is plain text"))
        }
        do throws(TOMLDocument.Failure) {
            return try TOMLDocument(text)
        } catch {
            let reason: String
            switch error.kind {
            case .syntax(let problem): reason = "not valid TOML: \(problem) (column \(error.column))"
            case .table(let name): reason = SettingsReader.unknownKeyReason(name, isTable: true)
            case .refused(let problem): reason = problem
            }
            throw ConfigError(FileProblem(source: source, line: error.line, reason: reason))
        }
    }
}

/// Reads the top-level keys of a parsed file into ``Settings``, collecting problems.
struct SettingsReader {
    let source: String
    let layouts: LayoutCatalog
    var settings = Settings()
    var problems: [FileProblem] = []

    mutating func read(_ entry: TOMLDocument.Entry) {
        let (name, value, line) = (entry.name, entry.value, entry.line)
        func problem(_ reason: String, line: Int = line) {
            problems.append(FileProblem(source: source, line: line, reason: reason))
        }
        guard let key = SettingKey(rawValue: name) else {
            problem(Self.unknownKeyReason(name, isTable: false))
            return
        }
        switch key.kind {
        case .layout:
            guard case .string(let id) = value else {
                return problem(#"layout must be a string naming a layout, such as "3f", not "# + Self.describe(value))
            }
            guard let layout = layouts.layout(named: id) else {
                return problem(
                    "unknown layout \(Self.quote(id)); known: \(layouts.ids.joined(separator: ", "))"
                        + " (or a long id such as \"sebeolsik-final\")")
            }
            settings[key] = .word(layout.id)
        case .flag:
            guard case .bool(let flag) = value else {
                return problem("\(name) must be true or false, not " + Self.describe(value))
            }
            settings[key] = .flag(flag)
        case .choice(let choices):
            let accepted = choices.map { Self.quote($0.word) }.joined(separator: " or ")
            guard case .string(let word) = value else {
                return problem("\(name) must be \(accepted), not " + Self.describe(value))
            }
            guard choices.contains(where: { $0.word == word }) else {
                return problem("\(name) must be \(accepted), not \(Self.quote(word))")
            }
            settings[key] = .word(word)
        case .keys:
            if let chords = readKeyList(key, value, line: line) { settings[key] = .keys(chords) }
        }
    }

    /// Reads a key list (`toggle-keys`, `hanja-keys`): an array of key names, each checked on its
    /// own line. Returns nil (with the problems recorded) when any entry is wrong.
    private mutating func readKeyList(_ key: SettingKey, _ value: TOMLDocument.Value, line: Int) -> [KeyChord]? {
        let name = key.rawValue
        let problemCount = problems.count
        func problem(_ reason: String, line: Int) {
            problems.append(FileProblem(source: source, line: line, reason: reason))
        }
        guard case .array(let array) = value else {
            problem(
                "\(name) must be an array of key names such as \(Self.exampleList(for: key)), not "
                    + Self.describe(value), line: line)
            return nil
        }
        guard array.count <= Settings.maximumKeysInAList else {
            problem(
                "\(name) lists \(array.count) keys; at most \(Settings.maximumKeysInAList) are allowed", line: line)
            return nil
        }
        var chords: [KeyChord] = []
        for (index, element) in array.enumerated() {
            let elementLine = element.line
            let label = "\(name)[\(index)]"
            guard case .string(let notation) = element.value else {
                problem(
                    #"\#(label) must be a key name such as "Shift+space", not "# + Self.describe(element.value),
                    line: elementLine)
                continue
            }
            do throws(KeyChord.NotationError) {
                chords.append(try KeyChord(notation: notation))
            } catch {
                let reason: String
                switch error {
                case .emptyKeysymName:
                    reason = "\(label) \(Self.quote(notation)) has no key name after its modifiers"
                case .unknownModifier(let modifier):
                    reason =
                        "\(label) \(Self.quote(notation)) has an unknown modifier \(Self.quote(modifier)); "
                        + "modifiers are Shift, Control, Alt, Super, AltGr"
                case .unknownKeysymName(let name):
                    reason =
                        "\(label) \(Self.quote(notation)): \(Self.quote(name)) is not an X11 keysym name; "
                        + "names are spelled as xkbcommon spells them, case mattering, such as Hangul, space, Alt_R"
                }
                problem(reason, line: elementLine)
            }
        }
        return problems.count == problemCount ? chords : nil
    }

    /// The example a message about a key list shows: that key's own defaults (the 한/영 key when
    /// it has none).
    static func exampleList(for key: SettingKey) -> String {
        let keys = key.defaultValue.keys ?? []
        let notations = keys.isEmpty ? ["Hangul"] : keys.map(\.notation)
        return "[" + notations.map { quote($0) }.joined(separator: ", ") + "]"
    }

    static func unknownKeyReason(_ name: String, isTable: Bool) -> String {
        // Character by character rather than `replacing(_:with:)`: that is _StringProcessing's,
        // which hanguld then loads for this one call (contrib/packaging/swift-runtime drop-unused).
        let kebab = String(name.lowercased().map { $0 == "_" ? "-" : $0 })
        if kebab != name, SettingKey(rawValue: kebab) != nil {
            return "unknown key \(quote(name)); did you mean \(quote(kebab))? Keys are kebab-case"
        }
        let what = isTable ? "unknown table \(quote(name)): settings are top-level keys" : "unknown key \(quote(name))"
        return "\(what); known keys: \(SettingKey.names)"
    }

    /// A value for a message: its TOML type, and the value itself when short.
    static func describe(_ value: TOMLDocument.Value) -> String {
        switch value {
        case .string(let string): "the string " + quote(string)
        case .integer(let integer): "the integer \(integer)"
        case .float(let float): "the number \(float)"
        case .bool(let bool): bool ? "true" : "false"
        case .array: "an array"
        }
    }

    /// A string in double quotes, cut to 32 characters, with quotes and control characters escaped.
    static func quote(_ text: String) -> String {
        var shown = ""
        for character in text.prefix(32) {
            switch character {
            case "\"": shown += "\\\""
            case "\\": shown += "\\\\"
            case "\n": shown += "\\n"
            case "\t": shown += "\\t"
            default:
                if character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                    shown += character.unicodeScalars.map { "\\u{" + String($0.value, radix: 16) + "}" }.joined()
                } else {
                    shown.append(character)
                }
            }
        }
        return "\"" + shown + (text.count > 32 ? "…" : "") + "\""
    }
}
