/// The command lines a daemon is normally started with (none, `--socket PATH`, `--config PATH`),
/// read without building swift-argument-parser's command: parsing took about 2.5 ms of CPU of a
/// start that should answer its first key within 10 ms (issue 25), most of it building the
/// parser's tables, whatever the arguments.
///
/// Only arguments whose meaning the parser leaves no doubt about are taken: each of `--socket` and
/// `--config` at most once, with a value that is neither empty nor begins with `-`, as the next
/// argument or after `=`. Anything else (another option, `--help`, a repeated or missing value)
/// gives nil and goes to the parser, which reads it or says what is wrong, as before.
public enum QuickStart {
    public static func options(from arguments: [String]) -> DaemonOptions? {
        var options = DaemonOptions()
        var socket: String?
        var config: String?
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            let name: Substring
            let value: String
            if let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                value = String(argument[argument.index(after: equals)...])
                index += 1
            } else {
                guard index + 1 < arguments.endIndex else { return nil }
                name = argument[...]
                value = arguments[index + 1]
                index += 2
            }
            guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            switch name {
            case "--socket" where socket == nil: socket = value
            case "--config" where config == nil: config = value
            default: return nil
            }
        }
        options.socket = socket
        options.config = config
        return options
    }
}
