import ArgumentParser
import HangulCompose

/// `hangul-compose layouts`: the keyboards offered, as `hangul-compose --list-layouts`.
struct LayoutsCommand: ComposeMode {
    static let configuration = CommandConfiguration(
        commandName: "layouts",
        abstract:
            "List the layouts (id, long ids, name, Korean name, where it comes from) (the same as type --list-layouts)."
    )

    @Option(
        name: .customLong("layout-file"),
        help: ArgumentHelp("Also offer the layout in this layout file; repeatable.", valueName: "path"))
    var layoutFiles: [String] = []

    func composeCommand() throws -> ComposeCommand {
        var command = try ComposeCommand.defaults()
        command.listLayouts = true
        command.layoutFiles = layoutFiles
        try command.validate()
        return command
    }
}
