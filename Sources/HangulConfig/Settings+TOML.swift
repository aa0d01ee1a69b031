import HangulCore
import HangulKeys

extension Settings {
    /// A key's value written as TOML (`"3f"`, `true`, `["Hangul", "Shift+space"]`): what
    /// `hangulctl config get` prints for all keys and ``ConfigEditor`` writes into the file.
    public func tomlValue(of key: SettingKey) -> String {
        switch key {
        case .layout: Self.tomlString(layout)
        case .autoReorder, .combiOnDoubleStroke, .nonChoseongCombi, .extendedVowels:
            key.composerOption.map { composerOptions[$0] ? "true" : "false" } ?? "false"
        case .escapeToLatin: escapeToLatin ? "true" : "false"
        case .output: Self.tomlString(composerOptions.output.rawValue)
        case .startMode: Self.tomlString(startMode.rawValue)
        case .commitUnit: Self.tomlString(commitUnit.rawValue)
        case .toggleKeys: Self.tomlList(toggleKeys)
        case .hanjaKeys: Self.tomlList(hanjaKeys)
        }
    }

    /// A key's value for scripts (`3f`, `true`, `Hangul,Shift+space`): what `hangulctl config get
    /// KEY` prints, in the form `hangulctl config set KEY VALUE` takes back.
    public func plainValue(of key: SettingKey) -> String {
        switch key {
        case .layout: layout
        case .output: composerOptions.output.rawValue
        case .startMode: startMode.rawValue
        case .commitUnit: commitUnit.rawValue
        case .toggleKeys: toggleKeys.map(ToggleKeyNotation.format).joined(separator: ",")
        case .hanjaKeys: hanjaKeys.map(ToggleKeyNotation.format).joined(separator: ",")
        default: tomlValue(of: key)
        }
    }

    /// Every key as a TOML line, `key = value`, in ``SettingKey`` order.
    public var tomlLines: String {
        SettingKey.allCases.map { "\($0.rawValue) = \(tomlValue(of: $0))\n" }.joined()
    }

    /// A key list as a TOML array of key names in canonical form.
    static func tomlList(_ chords: [KeyChord]) -> String {
        "[" + chords.map { tomlString(ToggleKeyNotation.format($0)) }.joined(separator: ", ") + "]"
    }

    /// A TOML basic string: quotes, backslashes and control characters escaped.
    static func tomlString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
