import ArgumentParser
import HangulLog
import HanguldOptions

#if canImport(Glibc)
    import Glibc
#endif

/// The `hanguld` command as swift-argument-parser reads it, in `hanguld-cli`, the parser program
/// `hanguld` runs for every command line ``QuickStart`` leaves to it: flags in, ``DaemonLaunch``
/// does the rest.
@main
struct Hanguld: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hanguld",
        abstract: "Serve Hangul input sessions to input-method frontends over a private Unix socket.",
        discussion: """
            The socket is --socket PATH, else $HANGULD_SOCKET, else $XDG_RUNTIME_DIR/hangul/hanguld.sock. \
            Its directory is created with mode 0700 and must belong to you; the socket gets mode 0600 and \
            only connections from your own user are served. Under systemd socket activation (see \
            contrib/systemd) the socket systemd passes is used instead. SIGTERM, SIGINT, SIGQUIT, SIGUSR1, \
            SIGUSR2 and the timer signals stop the daemon after it has answered the requests it received, \
            including those still in the socket buffers; SIGHUP reloads the layout files and the settings.

            Besides the built-in layouts, every *.layout file in $XDG_CONFIG_HOME/hangul/layouts \
            (~/.config/hangul/layouts) is offered; one with a built-in's id replaces it. A broken file \
            there is logged and skipped; a broken --layout-file stops the start. On SIGHUP both are read \
            again and serve the connections opened from then on; if a --layout-file is broken then, the \
            layouts stay as they were.

            The settings file (--config, default $XDG_CONFIG_HOME/hangul/config.toml) gives every new \
            session its options and starting mode; a missing file means the defaults, a broken one is \
            logged with its lines and the defaults (or, on a reload, the settings in force) are kept. \
            It is TOML without tables or dates (README, "Configuration"), read by the daemon itself, and \
            read again on SIGHUP and whenever it or a layout file changes: open sessions then take every option they have \
            not set themselves, at their next syllable boundary.
            Hanja and symbol conversion reads libhangul's dictionaries (Debian's libhangul-data: \
            /usr/share/libhangul/hanja/hanja.txt and mssymbol.txt), $XDG_CONFIG_HOME/hangul/hanja.txt \
            (~/.config/hangul/hanja.txt, whose entries come first) and every --hanja-file, in the \
            background from shortly after start, each through an index built once into $XDG_CACHE_HOME/hangul/hanja \
            and mapped afterwards (a few hundred kB resident). Problems are logged then, as warnings; a \
            missing system file leaves only the user's entries. SIGHUP reads them again.
            """,
        version: DaemonOptions.version
    )

    @Option(help: "Listen on this Unix socket path instead of the default.")
    var socket: String?

    @Option(
        help: """
            Serve at most this many connections at once. The soft descriptor limit is raised to fit; \
            more than the hard limit allows (less 64) is refused at start.
            """)
    var maxSessions: Int = DaemonOptions().maxSessions

    @Option(help: "Close a connection once this many of its requests wait for an answer it is not reading.")
    var maxPending: Int = DaemonOptions().maxPending

    @Option(
        help: ArgumentHelp(
            "Close a connection that has not sent hello this many seconds after connecting, or has left a line unfinished for that long.",
            valueName: "seconds"))
    var helloTimeout: Int = DaemonOptions().helloTimeout

    @Option(help: "Log messages at this level and above.")
    var logLevel: DaemonLog.Level = DaemonOptions().logLevel

    @Option(help: "Read xkb key codes with this keymap layout (the layout the Hangul keyboards are laid on).")
    var keymapLayout: String = DaemonOptions().keymapLayout

    @Option(
        name: .customLong("layout-file"),
        help: ArgumentHelp("Also offer the layout in this layout file; repeatable.", valueName: "path"))
    var layoutFiles: [String] = []

    @Option(
        help: ArgumentHelp(
            "Read the settings from this file instead of $XDG_CONFIG_HOME/hangul/config.toml.",
            valueName: "path"))
    var config: String?

    @Option(
        name: .customLong("hanja-file"),
        help: ArgumentHelp(
            "Also read hanja and symbols from this file (libhangul's key:value:meaning format), after your own dictionary and before the system's; repeatable.",
            valueName: "path"))
    var hanjaFiles: [String] = []

    @Flag(
        name: .customLong("no-system-hanja"),
        help:
            "Leave out libhangul's hanja.txt and mssymbol.txt: convert only with your own dictionary and --hanja-file.")
    var noSystemHanja = false

    @Option(
        name: .customLong("words"),
        help: ArgumentHelp(
            "The English word list the fix keys and auto-fix consult, one word per line (Debian's wamerican by default); read on first use.",
            valueName: "path"))
    var words: String = DaemonOptions().words

    /// Tests that want the first hanja key to wait for a slow load (a debug build parsing the
    /// system dictionary) raise it; users have no reason to.
    @Option(
        name: .customLong("hanja-load-patience"),
        help: ArgumentHelp(
            "The longest a hanja key waits for the dictionaries to finish loading, in milliseconds.",
            valueName: "ms", visibility: .hidden))
    var hanjaLoadPatienceMilliseconds: Int = DaemonOptions().hanjaLoadPatienceMilliseconds

    func validate() throws {
        if let problem = options.problem { throw ValidationError(problem) }
    }

    /// The parser program's start: `hanguld` runs it in its place for every command line
    /// ``QuickStart`` leaves to the parser. It parses and checks the command line as
    /// swift-argument-parser does (help, the version, errors), then runs `hanguld` with the
    /// options it read (``DaemonPrograms/runDaemon(_:)``).
    func run() throws {
        throw ExitCode(DaemonPrograms.runDaemon(options))
    }

    /// What the command line set.
    var options: DaemonOptions {
        DaemonOptions(
            socket: socket, maxSessions: maxSessions, maxPending: maxPending, helloTimeout: helloTimeout,
            logLevel: logLevel, keymapLayout: keymapLayout, layoutFiles: layoutFiles, config: config,
            hanjaFiles: hanjaFiles, noSystemHanja: noSystemHanja, words: words,
            hanjaLoadPatienceMilliseconds: hanjaLoadPatienceMilliseconds)
    }
}

/// `--log-level` takes the log's level names, listed in `--help` and checked by the parser.
extension DaemonLog.Level: ExpressibleByArgument {}
