import ArgumentParser
import HangulCompose
import HangulCore

/// The keyboard and composition options `reverse` and `fix` share with `type`.
struct LayoutArguments: ParsableArguments {
    @Option(name: .long, help: "The keyboard layout id or alias (see hangul-compose layouts).")
    var layout = "2"

    @Option(
        name: .customLong("layout-file"),
        help: ArgumentHelp("Also offer the layout in this layout file; repeatable.", valueName: "path"))
    var layoutFiles: [String] = []

    @Option(
        name: [.customLong("option")],
        help: ArgumentHelp(
            "Turn a composition option on or off; repeatable (as for type).", valueName: "name[=on|off]"))
    var options: [String] = []

    /// Sets these on `command`.
    func apply(to command: inout ComposeCommand) {
        command.layout = layout
        command.layoutFiles = layoutFiles
        command.options = options
    }
}
