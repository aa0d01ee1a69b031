import HangulCore
import HangulKeys

extension Settings {
    /// The settings as one line of JSON: the protocol's options object (PROTOCOL.md section 5:
    /// every option, in its order, `commit-unit` last, key lists in canonical form), then
    /// `start-mode`.
    ///
    /// What `hangulctl config get --json` prints, for scripts and for a process that must not link
    /// the TOML parser: the daemon could read its settings from this rather than from TOMLKit,
    /// whose Foundation dependency costs it about 7 MB of resident memory (README,
    /// "Configuration"). The options part is exactly what `set_options` takes.
    public var json: String {
        var members: [String] = [
            "\"layout\":" + Self.jsonString(layout)
        ]
        for option in ComposerOptionsOrder.booleans {
            members.append("\"\(option.rawValue)\":" + (composerOptions[option] ? "true" : "false"))
        }
        members.append("\"output\":" + Self.jsonString(composerOptions.output.rawValue))
        members.append("\"toggle-keys\":" + Self.jsonList(toggleKeys))
        members.append("\"escape-to-latin\":" + (escapeToLatin ? "true" : "false"))
        members.append("\"hanja-keys\":" + Self.jsonList(hanjaKeys))
        members.append("\"commit-unit\":" + Self.jsonString(commitUnit.rawValue))
        members.append("\"start-mode\":" + Self.jsonString(startMode.rawValue))
        return "{" + members.joined(separator: ",") + "}"
    }

    /// A key list as a JSON array of key names in canonical form.
    static func jsonList(_ chords: [KeyChord]) -> String {
        "[" + chords.map { jsonString(ToggleKeyNotation.format($0)) }.joined(separator: ",") + "]"
    }

    /// A JSON string: `"`, `\` and control characters escaped, everything else as is (UTF-8).
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

/// The boolean composer switches in the protocol's order (PROTOCOL.md section 5).
enum ComposerOptionsOrder {
    static let booleans: [ComposerOptions.Option] = [
        .autoReorder, .combiOnDoubleStroke, .nonChoseongCombi, .extendedVowels,
    ]
}
