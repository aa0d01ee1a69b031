import ArgumentParser
import HangulClient
import HangulCore
import HangulKeys
import HangulProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// `hangul-compose`: types key strings through the Hangul engine and prints the resulting text.
@main
struct HangulCompose: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangul-compose",
        abstract: "Type US-QWERTY key strings through the Hangul input engine and print the text.",
        discussion: """
            Each KEYS argument, or each line of standard input when there are none, is typed into a \
            fresh input field; the output line is the text the application would then hold. \
            Each character is the key that types it on a US QWERTY keyboard (R is Shift+r); \
            <name> is an xkb keysym name (<BackSpace>, <space>, <Return>, <Hangul>, <less> for "<"), \
            with modifiers as <Control+a>, <Shift+space>, <Alt+x>.

            Example: printf 'dkssudgktpdy\\n' | hangul-compose   prints 안녕하세요
            """
    )

    @Option(name: .long, help: "The keyboard layout id or alias (see --list-layouts).")
    var layout = "2"

    @Option(
        name: [.customLong("option")],
        help: ArgumentHelp(
            "Turn a composition option on or off; repeatable. Options: "
                + ComposerOptions.Option.allCases.map(\.rawValue).joined(separator: ", ") + ".",
            valueName: "name[=on|off]"))
    var options: [String] = []

    @Option(name: .long, help: "Output form: syllables (precomposed, default) or jamo (conjoining).")
    var output: ComposerOptions.OutputForm = .syllables

    @Flag(name: .long, help: "Print a table per input: key, commit, preedit, handled.")
    var trace = false

    @Flag(name: .long, help: "Print one JSON object per key, then {\"text\":…} per input.")
    var json = false

    @Flag(name: .long, help: "List the layouts (id, name, Korean name) and exit.")
    var listLayouts = false

    @Flag(name: .long, help: "Type through a running hanguld instead of in this process; prints the same.")
    var daemon = false

    @Option(
        name: .long,
        help: "The daemon's socket (with --daemon); default $HANGULD_SOCKET, else $XDG_RUNTIME_DIR/hangul/hanguld.sock."
    )
    var socket: String?

    @Argument(help: "Key strings to type; standard input lines are typed when none are given.")
    var keys: [String] = []

    func validate() throws {
        if trace && json { throw ValidationError("--trace and --json cannot be combined; choose one output format.") }
        if socket != nil && !daemon {
            throw ValidationError("--socket is for --daemon; add --daemon to type through it.")
        }
        _ = try resolvedLayout()
        _ = try resolvedOptions()
    }

    func run() throws {
        if listLayouts {
            for layout in Layout.builtIn {
                print("\(layout.id)\t\(layout.name)\t\(layout.koreanName)")
            }
            return
        }
        let layout = try resolvedLayout()
        let options = try resolvedOptions()
        if daemon {
            let path = try SocketLocation.resolve(explicit: socket) { name in getenv(name).map { String(cString: $0) } }
            try typeAll(with: DaemonEngine(socketPath: path, options: options, layout: layout))
        } else {
            try typeAll(with: InProcessEngine(layout: layout, options: options))
        }
    }

    /// Types every input through `engine` and exits non-zero when any input was bad.
    func typeAll<Engine: KeyEngine>(with engine: Engine) throws {
        let stdout = OutputStream()
        var typist = BatchTypist(
            engine: engine, format: trace ? .trace : json ? .json : .text, output: stdout,
            inputName: keys.isEmpty ? "line" : "argument")
        if keys.isEmpty {
            try StandardInput.forEachLine({ try typist.type(bytes: $0, number: $1) }, afterChunk: stdout.flush)
        } else {
            for (index, line) in keys.enumerated() { try typist.type(line: line, number: index + 1) }
        }
        stdout.flush()
        if typist.failures > 0 {
            throw ExitCode(1)
        }
    }

    /// The layout named by `--layout`, or an error listing the known ones.
    func resolvedLayout() throws -> Layout {
        guard let layout = Layout.named(layout) else {
            throw ValidationError(
                "unknown layout \"\(layout)\"; known: "
                    + Layout.builtIn.map { ([$0.id] + $0.aliases).joined(separator: "/") }.joined(separator: ", "))
        }
        return layout
    }

    /// The options from `--option` and `--output`, or an error listing the known options.
    func resolvedOptions() throws -> ComposerOptions {
        var result = ComposerOptions()
        result.output = output
        for setting in options {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first ?? ""
            guard let option = ComposerOptions.Option(rawValue: name) else {
                throw ValidationError(
                    "unknown option \"\(name)\"; known: "
                        + ComposerOptions.Option.allCases.map(\.rawValue).joined(separator: ", "))
            }
            switch parts.count == 2 ? parts[1] : "on" {
            case "on", "true", "1": result[option] = true
            case "off", "false", "0": result[option] = false
            default:
                throw ValidationError("option \"\(name)\" takes on or off, not \"\(parts[1])\"")
            }
        }
        return result
    }
}

extension ComposerOptions.OutputForm: ExpressibleByArgument {}
