import ArgumentParser
import HangulCore
import HangulKeys

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

    @Argument(help: "Key strings to type; standard input lines are typed when none are given.")
    var keys: [String] = []

    func validate() throws {
        if trace && json { throw ValidationError("--trace and --json cannot be combined; choose one output format.") }
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
        let engine = InProcessEngine(layout: try resolvedLayout(), options: try resolvedOptions())
        let format: BatchTypist<InProcessEngine>.Format = trace ? .trace : json ? .json : .text
        let stdout = OutputStream()
        var typist = BatchTypist(
            engine: engine, format: format, output: stdout, inputName: keys.isEmpty ? "line" : "argument")
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
