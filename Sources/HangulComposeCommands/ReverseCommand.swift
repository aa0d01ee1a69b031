import ArgumentParser
import HangulCompose

/// `hangul-compose reverse`: the keys that type each text, as `hangul-compose --reverse`.
struct ReverseCommand: ComposeMode {
    static let configuration = CommandConfiguration(
        commandName: "reverse",
        abstract: "Read text and print the keys that type it on the layout (the same as type --reverse).")

    @OptionGroup var layout: LayoutArguments

    @Argument(help: "Texts to spell as keys; standard input lines when none are given.")
    var texts: [String] = []

    func composeCommand() throws -> ComposeCommand {
        var command = try ComposeCommand.defaults()
        command.reverse = true
        layout.apply(to: &command)
        command.keys = texts
        try command.validate()
        return command
    }
}
