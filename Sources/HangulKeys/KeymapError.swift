/// Why an xkb keymap could not be compiled.
public enum KeymapError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No searched directory holds the rules file: the xkb keyboard data is not installed (or not
    /// where libxkbcommon looks). `searched` lists the directories that were searched.
    case keyboardDataMissing(rules: String, searched: [String])
    /// The data is there but these names do not compile, usually a misspelled layout or variant.
    case cannotCompile(KeymapNames)
    /// libxkbcommon could not allocate what the named function returns (out of memory).
    case allocationFailed(function: String)

    public var description: String {
        switch self {
        case .keyboardDataMissing(let rules, let searched):
            let place =
                searched.isEmpty ? "no xkb data directory exists" : "searched " + searched.joined(separator: ", ")
            return "xkb keyboard data is missing: no \"rules/\(rules)\" file (\(place)); "
                + "install the Debian package \"xkb-data\""
        case .cannotCompile(let names):
            return "cannot compile the xkb keymap for \(names); check the layout, variant and option names"
        case .allocationFailed(let function):
            return "libxkbcommon could not allocate memory (\(function) failed)"
        }
    }
}
