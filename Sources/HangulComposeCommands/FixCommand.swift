import ArgumentParser
import HangulCompose
import HangulWrongMode

/// `hangul-compose fix`: words typed in the wrong mode converted, as `hangul-compose --fix`.
struct FixCommand: ComposeMode {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract:
            "Read text and convert the words typed in the wrong mode: Latin that types Korean, Hangul that spells English (the same as type --fix)."
    )

    @OptionGroup var layout: LayoutArguments

    @Option(
        name: .long,
        help: ArgumentHelp("The English word list consulted, one word per line.", valueName: "path"))
    var words = WordList.defaultPath

    @Argument(help: "Texts to repair; standard input lines when none are given.")
    var texts: [String] = []

    func composeCommand() throws -> ComposeCommand {
        var command = try ComposeCommand.defaults()
        command.fix = true
        layout.apply(to: &command)
        command.words = words
        command.keys = texts
        try command.validate()
        return command
    }
}
