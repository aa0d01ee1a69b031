import ArgumentParser
import HangulCompose

/// `hangul-compose hanja WORD`: the hanja key's list for a word, as `hangul-compose --hanja WORD`.
struct HanjaCommand: ComposeMode {
    static let configuration = CommandConfiguration(
        commandName: "hanja",
        abstract:
            "Print the hanja (or, for a lone jamo such as ㅁ, the symbols) the hanja key offers for a word: candidate, tab, meaning per line (the same as type --hanja WORD)."
    )

    @OptionGroup var hanjaSources: HanjaSourceArguments

    @Argument(help: "The word, such as 한자.")
    var word: String

    func composeCommand() throws -> ComposeCommand {
        var command = try ComposeCommand.defaults()
        command.hanja = word
        command.hanjaSources = hanjaSources
        try command.validate()
        return command
    }
}
