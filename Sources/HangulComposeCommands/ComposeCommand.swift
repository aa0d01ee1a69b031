import ArgumentParser
import HangulCompose
import HangulCore
import HangulKeys
import HangulLayoutFiles
import HangulProtocol
import HangulWrongMode

/// `hangul-compose type`, the default subcommand: types key strings through the Hangul engine and
/// prints the resulting text; with `--reverse`, `--fix`, `--hanja` or `--list-layouts`, one of the
/// other modes (``HangulComposeCommand`` has them as subcommands too).
///
/// The command parses and validates; ``Compose`` does the work on streams it is given, so tests
/// run it in process.
public struct ComposeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "type",
        abstract: "Type key strings and print the text (the default: hangul-compose KEYS is hangul-compose type KEYS).",
        discussion: """
            Each KEYS argument, or each line of standard input when there are none, is typed into a \
            fresh input field; the output line is the text the application would then hold.

            The other modes as flags, as before they were subcommands: --reverse turns text back \
            into the keys that type it (hangul-compose reverse); --fix converts words typed in the \
            wrong mode, dkssud → 안녕, ㅗ디ㅣㅐ → hello (hangul-compose fix); --hanja WORD prints the \
            hanja for WORD (hangul-compose hanja); --list-layouts lists the layouts \
            (hangul-compose layouts).
            """
    )

    @Option(name: .long, help: "The keyboard layout id or alias (see --list-layouts).")
    var layout = "2"

    @Option(
        name: [.customLong("option")],
        help: ArgumentHelp(
            "Turn a composition option on or off; repeatable. Options: "
                + ComposerOptions.Option.allCases.map(\.rawValue).joined(separator: ", ")
                + "; commit-unit=syllable|word (word: the preedit holds the whole word until a space); and auto-fix "
                + "(a word typed in the wrong mode repaired at the space or punctuation that ends it, BackSpace "
                + "right after undoes it).",
            valueName: "name[=on|off]"))
    var options: [String] = []

    @Option(name: .long, help: "Output form: syllables (precomposed, default) or jamo (conjoining).")
    var output: ComposerOptions.OutputForm = .syllables

    @Flag(help: "What to print per input.")
    var format: OutputFormat = .text

    @Flag(name: .long, help: "Read text and print the keys that type it on the layout (the other way round).")
    var reverse = false

    @Flag(
        name: .long,
        help:
            "Read text and convert the words typed in the wrong mode: Latin that types Korean, Hangul that spells English."
    )
    var fix = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The English word list --fix and the fix keys (<Pause>, <Shift+Hangul>) consult, one word per line.",
            valueName: "path"))
    var words = WordList.defaultPath

    @Option(
        name: .customLong("layout-file"),
        help: ArgumentHelp("Also offer the layout in this layout file; repeatable.", valueName: "path"))
    var layoutFiles: [String] = []

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Print the hanja or symbols for this word (candidate, tab, meaning per line) and exit.", valueName: "word"))
    var hanja: String?

    @OptionGroup var hanjaSources: HanjaSourceArguments

    @Flag(
        name: .long,
        help: "List the layouts (id, long ids, name, Korean name, where it comes from) and exit.")
    var listLayouts = false

    @Flag(
        name: .long,
        help:
            "Type through a running hanguld instead of in this process; prints the same. Each reply has 5 seconds."
    )
    var daemon = false

    @Option(
        name: .long,
        help: "The daemon's socket (with --daemon); default $HANGULD_SOCKET, else $XDG_RUNTIME_DIR/hangul/hanguld.sock."
    )
    var socket: String?

    @Argument(help: "Key strings to type (text with --reverse or --fix); standard input lines when none are given.")
    var keys: [String] = []

    public init() {}

    public func validate() throws {
        if socket != nil && !daemon {
            throw ValidationError("--socket is for --daemon; add --daemon to type through it.")
        }
        if daemon && !layoutFiles.isEmpty {
            throw ValidationError(
                "--layout-file types in this process; a daemon offers the layouts it loaded (hanguld --layout-file).")
        }
        if reverse && fix { throw ValidationError("--reverse and --fix cannot be combined; choose one.") }
        if (reverse || fix) && format != .text {
            throw ValidationError(
                "--\(format.rawValue) shows typed keys; --reverse and --fix print text only, so leave it out.")
        }
        if hanja != nil && (reverse || fix || daemon || listLayouts || !keys.isEmpty) {
            throw ValidationError(
                "--hanja prints one word's candidates; leave out keys, --reverse, --fix and --daemon.")
        }
        if hanja?.isEmpty == true { throw ValidationError("--hanja needs a word, such as --hanja 한자.") }
        if daemon && (!hanjaSources.hanjaFiles.isEmpty || hanjaSources.noSystemHanja) {
            throw ValidationError(
                "--hanja-file and --no-system-hanja are for this process; a daemon reads its own (hanguld --hanja-file)."
            )
        }
        if (reverse || fix) && daemon {
            throw ValidationError("--reverse and --fix work in this process; leave out --daemon.")
        }
        try Self.reportingUsage {
            _ = try settings.resolvedOptions()
            _ = try settings.resolvedCommitUnit()
            _ = try settings.resolvedAutoFix()
        }
    }

    public func run() throws {
        let status = try Self.reportingUsage {
            try Compose(settings: settings).run(
                arguments: Self.rawArguments(matching: keys), input: StandardStreams.input,
                output: StandardStreams.output(), errors: StandardStreams.errors(),
                environment: UserLayouts.processEnvironment)
        }
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs `body`, turning the library's ``UsageError`` into the parser's `ValidationError`, so
    /// that it is reported with the usage and exit status 64 as it always was.
    public static func reportingUsage<Result>(_ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let error as UsageError {
            throw ValidationError(error.message)
        }
    }

    /// The KEYS arguments as the bytes the process was given: `CommandLine.arguments` repairs bytes
    /// that are not UTF-8, and a bad argument must be reported, not typed as U+FFFD.
    ///
    /// Each decoded argument is matched to the next raw argument that decodes to it.
    static func rawArguments(matching decoded: [String]) -> [[UInt8]] {
        var raw: [[UInt8]] = []
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            var length = 0
            while pointer[length] != 0 { length += 1 }
            raw.append(UnsafeBufferPointer(start: pointer, count: length).map { UInt8(bitPattern: $0) })
        }
        var next = 0
        return decoded.map { argument in
            while next < raw.count {
                defer { next += 1 }
                if String(decoding: raw[next], as: UTF8.self) == argument { return raw[next] }
            }
            return Array(argument.utf8)
        }
    }

    /// The command line's values as plain settings, which ``Compose`` runs.
    public var settings: ComposeSettings {
        ComposeSettings(
            layout: layout, options: options, output: output, format: format, reverse: reverse, fix: fix,
            words: words, layoutFiles: layoutFiles, hanja: hanja, hanjaFiles: hanjaSources.hanjaFiles,
            noSystemHanja: hanjaSources.noSystemHanja, listLayouts: listLayouts, daemon: daemon, socket: socket)
    }
}

extension Compose {
    public init(command: ComposeCommand) {
        self.init(settings: command.settings)
    }
}

extension ComposerOptions.OutputForm: ExpressibleByArgument {}

extension OutputFormat: EnumerableFlag {
    public static func help(for value: OutputFormat) -> ArgumentHelp? {
        switch value {
        case .text: "Print the text of each input (the default)."
        case .trace: "Print a table per input: key, commit, preedit, handled."
        case .json: "Print one JSON object per key, then {\"text\":…} per input."
        }
    }
}
