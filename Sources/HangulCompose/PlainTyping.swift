import HangulCore
import HangulLayoutFiles

/// `hangul-compose KEYS…`, and `hangul-compose` typing standard input, with at most a layout and
/// composition options: the way a script types text, run without building swift-argument-parser's
/// command tree.
///
/// Parsing a command line costs more than typing a short input (a quarter of `hangul-compose
/// dkssud`'s instructions, issue 25), and in `hangul-compose` it costs an `exec` of the parser
/// program and the loading of its libraries. A command line of key strings, `--layout NAME` and
/// `--option NAME[=VALUE]` leaves the parser nothing to decide that this cannot: none of the other
/// arguments begins with `-` (another option, `--`, `-h`), and none is a subcommand's name or `help`
/// (`hangul-compose fix TEXT` is a mode; `hangul-compose help` prints help), so the parser would type
/// every other argument as a key string with those settings and every other option at its default.
/// That case runs here; any other goes to the parser (in `hangul-compose`, by running the parser
/// program `hangul-compose-cli` in its place), and so does any command line the parser would refuse
/// or treat in a way of its own: a repeated `--layout`, a value that begins with `-` or is missing, a
/// layout that is not built in (the parser's message lists the user's layouts as well), an option it
/// would reject. Both run ``Compose`` on the same streams, so output, messages and exit statuses are
/// the same (tests run each command line both ways).
public enum PlainTyping {
    /// Words that mean something to the parser as an argument: the subcommands and `help`.
    static let reservedWords: [[UInt8]] = ["type", "reverse", "fix", "hanja", "layouts", "help"].map { Array($0.utf8) }

    /// The two options taken here, as `--NAME VALUE` or `--NAME=VALUE`.
    private static let layoutFlag = Array("--layout".utf8)
    private static let optionFlag = Array("--option".utf8)

    /// The settings and key strings the parser would make of these arguments (the process's, as
    /// bytes), or nil when the parser must see them: anything but key strings, one `--layout` of a
    /// built-in layout and `--option`s that resolve.
    public static func plainCommand(_ arguments: [[UInt8]]) -> (settings: ComposeSettings, keys: [[UInt8]])? {
        var settings = ComposeSettings()
        var keys: [[UInt8]] = []
        var layout: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.first == UInt8(ascii: "-") else {
                if reservedWords.contains(argument) { return nil }
                keys.append(argument)
                continue
            }
            let flag: [UInt8]
            let value: [UInt8]
            if let equals = argument.firstIndex(of: UInt8(ascii: "=")) {
                flag = Array(argument[..<equals])
                value = Array(argument[(equals + 1)...])
            } else {
                guard index < arguments.count, arguments[index].first != UInt8(ascii: "-") else { return nil }
                flag = argument
                value = arguments[index]
                index += 1
            }
            guard let text = String(validating: value, as: UTF8.self) else { return nil }
            switch flag {
            case layoutFlag:
                guard layout == nil, LayoutCatalog.builtIn.layout(named: text) != nil else { return nil }
                layout = text
            case optionFlag:
                settings.options.append(text)
            default:
                return nil
            }
        }
        if let layout { settings.layout = layout }
        do {
            _ = try settings.resolvedOptions()
            _ = try settings.resolvedCommitUnit()
            _ = try settings.resolvedAutoFix()
        } catch {
            return nil
        }
        return (settings, keys)
    }

    /// The process's arguments after the program name, as the bytes it was given.
    static func processArguments() -> [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let pointer = CommandLine.unsafeArgv[index] else { return [] }
            var length = 0
            while pointer[length] != 0 { length += 1 }
            return UnsafeBufferPointer(start: pointer, count: length).map { UInt8(bitPattern: $0) }
        }
    }

    /// Types the process's arguments (or standard input) and returns the exit status, or nil when
    /// the command line needs the parser. What ``Compose`` throws is the caller's to report, as the
    /// parser program would (``UsageError`` with the usage, anything else as `Error: …`, exit
    /// status 1).
    public static func run() throws -> Int32? {
        guard let command = plainCommand(processArguments()) else { return nil }
        return try Compose(settings: command.settings).run(
            arguments: command.keys, input: StandardStreams.input, output: StandardStreams.output(),
            errors: StandardStreams.errors(), environment: UserLayouts.processEnvironment)
    }
}
