import HangulCore

/// Changes one key of a settings file's text, keeping everything else as the user wrote it.
///
/// The edit is textual, so comments and layout stay as the user wrote them: the key's value is
/// replaced where ``TOMLDocument`` found it (a value spanning lines included, a comment after it
/// kept, a quoted or escaped key found by its name), or a `key = value` line is added at the end.
/// A byte-order mark and CRLF line ends are kept; an added line ends as the file's first line does.
/// The new value is checked on its own first, so a mistake is reported against what the user
/// typed; then the whole new text is parsed, and a text the parser would reject is never returned.
public enum ConfigEditor {
    /// The text with `key` set to `value`.
    ///
    /// `value` is what a user types on a command line: `true` or `false` (also `on`, `off`) for
    /// switches; a word, bare or in TOML quotes, for strings (`3f`, `"3f"`); for key lists such as
    /// `toggle-keys`, key names separated by commas (`Hangul,Shift+space`; empty for none) or a
    /// TOML array.
    ///
    /// - Throws: The value's problems (source `the new value`), or, when the value is fine but the
    ///   file has other problems this edit does not fix, those problems with their lines in the file.
    public static func setting(
        _ key: SettingKey, to value: String, in text: String, source: String, layouts: LayoutCatalog
    ) throws(ConfigError) -> String {
        let literal = try literal(for: key, from: value)
        do throws(ConfigError) {
            _ = try Settings.parse("\(key.rawValue) = \(literal)\n", source: "the new value", layouts: layouts)
        } catch {
            throw ConfigError(
                problems: error.problems.map { FileProblem(source: $0.source, line: 0, reason: $0.reason) })
        }
        let document = try document(text, editing: key, source: source)
        var bytes = document.bytes
        if let entry = document.entry(key.rawValue) {
            bytes.replaceSubrange(entry.valueRange, with: Array(literal.utf8))
        } else {
            let lineEnd = document.usesCRLF ? "\r\n" : "\n"
            if bytes.count > document.bodyStart, bytes.last != UInt8(ascii: "\n") { bytes += Array(lineEnd.utf8) }
            bytes += Array("\(key.rawValue) = \(literal)\(lineEnd)".utf8)
        }
        return try checked(String(decoding: bytes, as: UTF8.self), editedFrom: text, source: source, layouts: layouts)
    }

    /// The text without `key`'s definition (its line, or lines for a value spanning several, and a
    /// comment after it), so the key takes its default; comments above it stay. Unchanged when the
    /// file does not set the key.
    public static func removing(
        _ key: SettingKey, from text: String, source: String, layouts: LayoutCatalog
    ) throws(ConfigError) -> String {
        let document = try document(text, editing: key, source: source)
        guard let entry = document.entry(key.rawValue) else { return text }
        var bytes = document.bytes
        bytes.removeSubrange(entry.statement)
        return try checked(String(decoding: bytes, as: UTF8.self), editedFrom: text, source: source, layouts: layouts)
    }

    /// The file's TOML, or why it cannot be edited: its first syntax problem, or the key written
    /// as a table or dotted key, which an edit of one value cannot untangle.
    static func document(_ text: String, editing key: SettingKey, source: String) throws(ConfigError) -> TOMLDocument {
        if case .failure(let failure) = Result(catching: { () throws(TOMLDocument.Failure) in try TOMLDocument(text) }),
            failure.kind == .table(key.rawValue)
        {
            throw ConfigError(
                FileProblem(
                    source: source, line: failure.line,
                    reason: "\(key.rawValue) is written as a table or dotted key here; change it by hand"))
        }
        return try Settings.document(text, source: source)
    }

    /// The edited text when the parser accepts it; otherwise the problems the edit did not fix,
    /// reported where they are in the file as it is (the edit may have moved lines).
    static func checked(
        _ edited: String, editedFrom text: String, source: String, layouts: LayoutCatalog
    ) throws(ConfigError) -> String {
        do throws(ConfigError) {
            _ = try Settings.parse(edited, source: source, layouts: layouts)
        } catch {
            let remaining = Set(error.problems.map(\.reason))
            do throws(ConfigError) {
                _ = try Settings.parse(text, source: source, layouts: layouts)
            } catch let before {
                let unfixed = before.problems.filter { remaining.contains($0.reason) }
                if !unfixed.isEmpty { throw ConfigError(problems: unfixed) }
            }
            throw error
        }
        return edited
    }

    /// The TOML literal for what a user typed.
    static func literal(for key: SettingKey, from value: String) throws(ConfigError) -> String {
        func failure(_ reason: String) -> ConfigError {
            ConfigError(FileProblem(source: "the new value", line: 0, reason: reason))
        }
        let trimmed = value.trimmingWhitespace
        guard !trimmed.contains("\n"), !trimmed.contains("\r") else {
            throw failure("\(key.rawValue) must be written on one line")
        }
        switch key.kind {
        case .flag:
            switch trimmed.lowercased() {
            case "true", "on": return "true"
            case "false", "off": return "false"
            default:
                throw failure("\(key.rawValue) must be true or false (or on, off), not \(SettingsReader.quote(value))")
            }
        case .layout, .choice:
            if trimmed.hasPrefix("\"") || trimmed.hasPrefix("'") {
                return trimmed  // already TOML; the parse that follows checks it
            }
            return Settings.tomlString(trimmed)
        case .keys:
            if trimmed.hasPrefix("[") { return trimmed }
            let names = trimmed.split(separator: ",").map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
            return "[" + names.map(Settings.tomlString).joined(separator: ", ") + "]"
        }
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and newlines.
    var trimmingWhitespace: String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !blank($0) }), let last = lastIndex(where: { !blank($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
