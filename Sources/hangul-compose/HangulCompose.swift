import ArgumentParser
import HangulClient
import HangulCore
import HangulKeys
import HangulLayoutFiles
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

            Besides the built-in layouts, every *.layout file in $XDG_CONFIG_HOME/hangul/layouts \
            (~/.config/hangul/layouts) is offered, and --layout-file adds one more; a file with a \
            built-in's id replaces it. The README's "Keyboards and layout files" section documents the format.
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

    @Option(
        name: .customLong("layout-file"),
        help: ArgumentHelp("Also offer the layout in this layout file; repeatable.", valueName: "path"))
    var layoutFiles: [String] = []

    @Flag(
        name: .long,
        help: "List the layouts (id, long ids, name, Korean name, where it comes from) and exit.")
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
        if daemon && !layoutFiles.isEmpty {
            throw ValidationError(
                "--layout-file types in this process; a daemon offers the layouts it loaded (hanguld --layout-file).")
        }
        _ = try resolvedOptions()
    }

    func run() throws {
        let catalog = try loadedLayouts()
        if listLayouts {
            for entry in catalog.entries {
                let layout = entry.layout
                let aliases = layout.aliases.isEmpty ? "-" : layout.aliases.joined(separator: ",")
                let source =
                    switch entry.source {
                    case .builtIn: "built-in"
                    case .file(let path): entry.overridesBuiltIn ? "\(path) (overrides built-in)" : path
                    }
                print("\(layout.id)\t\(aliases)\t\(layout.name)\t\(layout.koreanName)\t\(source)")
            }
            return
        }
        let layout = try resolvedLayout(in: catalog)
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

    /// The built-in layouts plus the user's: a broken file in the layout directory is a warning on
    /// standard error, a broken `--layout-file` an error.
    func loadedLayouts() throws -> LayoutCatalog {
        let loaded = UserLayouts(
            directory: UserLayouts.directory(environment: UserLayouts.processEnvironment), files: layoutFiles)
        for problem in loaded.problems where !problem.isExplicit {
            StandardError.write("hangul-compose: warning: layout file skipped: \(problem)\n")
        }
        if let problem = loaded.problems.first(where: \.isExplicit) {
            throw ValidationError("layout file rejected: \(problem)")
        }
        return loaded.catalog
    }

    /// The layout named by `--layout`, or an error listing the known ones.
    func resolvedLayout(in catalog: LayoutCatalog) throws -> Layout {
        guard let layout = catalog.layout(named: layout) else {
            throw ValidationError(
                "unknown layout \"\(layout)\"; known: "
                    + catalog.layouts.map { ([$0.id] + $0.aliases).joined(separator: "/") }.joined(separator: ", "))
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
