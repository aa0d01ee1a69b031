import HangulLayoutFiles

/// `hangul-compose KEYS…`, and `hangul-compose` typing standard input, with no option: the way a
/// script types text, run without building swift-argument-parser's command tree.
///
/// Parsing a command line costs more than typing a short input (a quarter of `hangul-compose
/// dkssud`'s instructions, issue 25). A command line of plain arguments leaves the parser nothing to
/// decide: none begins with `-` (an option, `--`, `-h`), and none is a subcommand's name or `help`
/// (`hangul-compose fix TEXT` is a mode; `hangul-compose help` prints help), so the parser would make
/// every argument a key string of the default `type` with every option at its default. That case
/// runs here with ``ComposeSettings/init()``; any other goes to the parser (in `hangul-compose`, by
/// running the parser program `hangul-compose-cli` in its place). Both run ``Compose`` on the same
/// streams, so output, messages and exit statuses are the same (tests run each input both ways).
public enum PlainTyping {
    /// Words that mean something to the parser as an argument: the subcommands and `help`.
    static let reservedWords: [[UInt8]] = ["type", "reverse", "fix", "hanja", "layouts", "help"].map { Array($0.utf8) }

    /// Whether the parser would type these arguments (the process's, as bytes) as key strings with
    /// every option at its default.
    public static func applies(to arguments: [[UInt8]]) -> Bool {
        arguments.allSatisfy { argument in
            argument.first != UInt8(ascii: "-") && !reservedWords.contains(argument)
        }
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
    /// the command line is not plain and needs the parser. What ``Compose`` throws is the caller's
    /// to report, as the parser program would (``UsageError`` with the usage, anything else as
    /// `Error: …`, exit status 1).
    public static func run() throws -> Int32? {
        let arguments = processArguments()
        guard applies(to: arguments) else { return nil }
        return try Compose(settings: ComposeSettings()).run(
            arguments: arguments, input: StandardStreams.input, output: StandardStreams.output(),
            errors: StandardStreams.errors(), environment: UserLayouts.processEnvironment)
    }
}
