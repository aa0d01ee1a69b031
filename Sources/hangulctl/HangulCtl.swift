import ArgumentParser
import HangulConfig
import HangulCore
import HangulLayoutFiles
import HangulProtocol
import SystemPackage

/// The `hangulctl` command: checks and edits the settings file, and asks a running daemon for its
/// status or a reload over the protocol.
@main
struct HangulCtl: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hangulctl",
        abstract: "Look after the Hangul input engine's settings.",
        discussion: """
            Settings live in $XDG_CONFIG_HOME/hangul/config.toml (~/.config/hangul/config.toml): the \
            layout, the composition switches, the toggle keys, the starting mode and the commit unit. \
            See the README's Configuration section, or contrib/config.toml, for every key.
            """,
        version: Wire.serverVersion,
        subcommands: [Config.self, Status.self, Reload.self, Mode.self]
    )
}

struct Config: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check, read or change the settings file.",
        subcommands: [Check.self, Get.self, SetValue.self, Unset.self, ShowPath.self, List.self]
    )
}

/// Options every `config` subcommand shares: which file, and which layouts it may name.
struct FileOptions: ParsableArguments {
    @Option(name: .customLong("file"), help: ArgumentHelp("Use this settings file.", valueName: "path"))
    var file: String?

    @Option(
        name: .customLong("layout-file"),
        help: ArgumentHelp(
            "Also accept the layout in this layout file, as hanguld --layout-file does; repeatable.",
            valueName: "path"))
    var layoutFiles: [String] = []

    /// The file named, else the default path.
    func path() throws -> String {
        if let file { return file }
        guard let path = ConfigFile.defaultPath(environment: ConfigFile.processEnvironment) else {
            throw ValidationError(
                "neither XDG_CONFIG_HOME nor HOME is set to an absolute path; name the file with --file")
        }
        return path
    }

    /// The built-in layouts and the user's layout files, as the daemon offers them. A broken file
    /// in the layout directory is a warning; a broken --layout-file is an error.
    func tool() throws -> ConfigTool {
        let user = UserLayouts(
            directory: UserLayouts.directory(environment: UserLayouts.processEnvironment), files: layoutFiles)
        for problem in user.problems {
            if problem.isExplicit { throw ValidationError(problem.description) }
            standardError("warning: \(problem) (layout file skipped)\n")
        }
        return ConfigTool(layouts: user.catalog)
    }
}

func standardError(_ text: String) {
    _ = try? FileDescriptor.standardError.writeAll(Array(text.utf8))
}

/// Prints an outcome and exits with its status; output that cannot be written (a closed pipe, a
/// full disk) is an error too, so a script never takes a missing value for an empty one.
func finish(_ outcome: ConfigTool.Outcome) throws {
    do {
        _ = try FileDescriptor.standardOutput.writeAll(Array(outcome.output.utf8))
    } catch {
        standardError("hangulctl: cannot write to standard output: \(error)\n")
        throw ExitCode.failure
    }
    standardError(outcome.errors)
    if outcome.status != 0 { throw ExitCode(outcome.status) }
}

func settingKey(_ name: String) throws -> SettingKey {
    guard let key = SettingKey(rawValue: name) else {
        throw ValidationError("unknown key \"\(name)\"; known keys: \(SettingKey.names)")
    }
    return key
}

extension Config {
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a settings file; print every problem with its line.",
            discussion: "Exits with status 0 when the file would be accepted (or there is none), 1 when not.")

        @Argument(help: ArgumentHelp("The file to check; by default, the settings file.", valueName: "path"))
        var path: String?

        @OptionGroup var options: FileOptions

        func run() throws {
            let explicit = path ?? options.file
            try finish(try options.tool().check(path: try explicit ?? options.path(), explicit: explicit != nil))
        }
    }

    struct Get: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a setting's value, or every setting as TOML.",
            discussion: """
                A key the file leaves out prints its default. The value is printed as `set` takes it: \
                3f, true, Hangul,Shift+space.
                """)

        @Argument(help: "The key, such as layout or toggle-keys.")
        var key: String?

        @Flag(help: "Print every setting as one line of JSON, the protocol's option names and values.")
        var json = false

        @OptionGroup var options: FileOptions

        func validate() throws {
            if let key { _ = try settingKey(key) }
            if json, key != nil { throw ValidationError("--json prints every setting; give no key with it") }
        }

        func run() throws {
            try finish(try options.tool().get(try key.map(settingKey), path: try options.path(), json: json))
        }
    }

    struct SetValue: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Change a setting in the settings file, keeping its comments.",
            discussion: """
                Switches take true or false (or on, off); layout, output, start-mode and commit-unit a \
                word; toggle-keys and hanja-keys key names separated by commas (an empty value for \
                none). The file is created when missing and replaced atomically; nothing is written \
                when the result would not be accepted. A running hanguld is then told to reload (it would also notice the \
                change on disk), and its verdict printed.
                """)

        @Argument(help: "The key, such as layout or toggle-keys.")
        var key: String

        @Argument(help: "The new value.")
        var value: String

        @OptionGroup var options: FileOptions
        @OptionGroup var daemon: DaemonOptions

        func validate() throws { _ = try settingKey(key) }

        func run() throws {
            try finish(try options.tool().set(try settingKey(key), to: value, path: try options.path()))
            guard try reloadRunningDaemon(daemon, quietWhenNotRunning: true) else { throw ExitCode.failure }
        }
    }

    struct Unset: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Remove a setting from the settings file, so that it takes its default.",
            discussion: """
                The key's line (or lines, for a list written over several) goes, with a comment after \
                it on the same line; other comments stay. Nothing is written when the result would not \
                be accepted.
                """)

        @Argument(help: "The key, such as layout or toggle-keys.")
        var key: String

        @OptionGroup var options: FileOptions
        @OptionGroup var daemon: DaemonOptions

        func validate() throws { _ = try settingKey(key) }

        func run() throws {
            try finish(try options.tool().unset(try settingKey(key), path: try options.path()))
            guard try reloadRunningDaemon(daemon, quietWhenNotRunning: true) else { throw ExitCode.failure }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every setting: its type, default, allowed values and what it does.",
            discussion: """
                Generated from the engine's option table, as the protocol's list_options is; with \
                --json, exactly that method's result. Layouts are the built-ins and your layout files.
                """)

        @Flag(help: "Print the list as one line of JSON, the result of the protocol's list_options.")
        var json = false

        @OptionGroup var options: FileOptions

        func run() throws { try finish(try options.tool().list(json: json)) }
    }

    struct ShowPath: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "path", abstract: "Print the settings file's path.")

        @OptionGroup var options: FileOptions

        func run() throws { try finish(ConfigTool.Outcome(output: try options.path() + "\n")) }
    }
}
