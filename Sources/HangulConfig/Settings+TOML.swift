import HangulCore
import HangulKeys

extension Settings {
    /// A key's value written as TOML (`"3f"`, `true`, `["Hangul", "Shift+space"]`): what
    /// `hangulctl config get` prints for all keys and ``ConfigEditor`` writes into the file.
    public func tomlValue(of key: SettingKey) -> String {
        switch self[key] {
        case .flag(let flag): flag ? "true" : "false"
        case .word(let word): Self.tomlString(word)
        case .keys(let keys): "[" + keys.map { Self.tomlString($0.notation) }.joined(separator: ", ") + "]"
        }
    }

    /// A key's value for scripts (`3f`, `true`, `Hangul,Shift+space`): what `hangulctl config get
    /// KEY` prints, in the form `hangulctl config set KEY VALUE` takes back.
    public func plainValue(of key: SettingKey) -> String {
        switch self[key] {
        case .flag(let flag): flag ? "true" : "false"
        case .word(let word): word
        case .keys(let keys): keys.map(\.notation).joined(separator: ",")
        }
    }

    /// Every key as a TOML line, `key = value`, in ``SettingKey`` order.
    public var tomlLines: String {
        SettingKey.allCases.map { "\($0.rawValue) = \(tomlValue(of: $0))\n" }.joined()
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
