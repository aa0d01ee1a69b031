import ArgumentParser
import HangulCompose
import HangulProtocol

/// `hangul-compose`: its five modes as subcommands, `type` the default, so that today's flags
/// (`--reverse`, `--fix`, `--hanja WORD`, `--list-layouts`) keep working as `type`'s.
///
/// Each subcommand only fills in a ``ComposeCommand``, whose ``ComposeCommand/settings`` ``Compose``
/// runs: both spellings of a mode take the same path from there, and print the same. Plain key
/// strings do not come here at all (``PlainTyping``).
public struct HangulComposeCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "hangul-compose",
        abstract: "Type US-QWERTY key strings through the Hangul input engine and print the text.",
        discussion: """
            Five modes, each a subcommand: type (the default) types key strings; reverse prints the \
            keys that type a text; fix converts words typed in the wrong mode; hanja lists the hanja \
            for a word; layouts lists the keyboards. Without a subcommand, hangul-compose is \
            hangul-compose type, whose --reverse, --fix, --hanja WORD and --list-layouts flags are \
            the other modes spelled as flags: hangul-compose --fix TEXT is hangul-compose fix TEXT. \
            A first key string that is a subcommand's name is typed with type: hangul-compose type fix.

            Example: printf 'dkssudgktpdy\\n' | hangul-compose   prints 안녕하세요

            Each KEYS argument, or each line of standard input when there are none, is typed into a \
            fresh input field; the output line is the text the application would then hold. \
            Each character is the key that types it on a US QWERTY keyboard (R is Shift+r); \
            <name> is an xkb keysym name (<BackSpace>, <space>, <Return>, <Hangul>, <less> for "<"), \
            with modifiers as <Control+a>, <Shift+space>, <Alt+x>.

            Bad input is reported and the batch goes on (exit status 1); a write or read error \
            stops it (exit status 74).

            Besides the built-in layouts, every *.layout file in $XDG_CONFIG_HOME/hangul/layouts \
            (~/.config/hangul/layouts) is offered, and --layout-file adds one more; a file with a \
            built-in's id replaces it. The README's "Keyboards and layout files" section documents the format.

            While typing, <Hangul_Hanja> or <F9> opens the hanja list, digits pick, and --json shows \
            the list in the key steps. The dictionaries are libhangul's (Debian's libhangul-data), \
            $XDG_CONFIG_HOME/hangul/hanja.txt and every --hanja-file.
            """,
        version: Wire.serverVersion,
        subcommands: [
            ComposeCommand.self, ReverseCommand.self, FixCommand.self, HanjaCommand.self, LayoutsCommand.self,
        ],
        defaultSubcommand: ComposeCommand.self
    )

    public init() {}
}

/// A mode's command line as the ``ComposeCommand`` that runs it.
public protocol ComposeMode: ParsableCommand {
    /// The command ``Compose`` runs for this command line.
    func composeCommand() throws -> ComposeCommand
}

extension ComposeMode {
    /// Checks the command line as the flags' spelling is checked, so a mistake is a usage error.
    public func validate() throws {
        _ = try composeCommand()
    }

    public func run() throws {
        try composeCommand().run()
    }
}

extension ComposeCommand: ComposeMode {
    public func composeCommand() -> ComposeCommand { self }
}

extension ComposeCommand {
    /// A command with every option at its default, for a mode to fill in.
    static func defaults() throws -> ComposeCommand {
        try ComposeCommand.parse([])
    }
}
