import ArgumentParser
import HangulDaemon
import HangulKeys
import HangulLayoutFiles
import Logging

/// The `hanguld` command: flags in, `Daemon.run` does the rest.
@main
struct Hanguld: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hanguld",
        abstract: "Serve Hangul input sessions to input-method frontends over a private Unix socket.",
        discussion: """
            The socket is --socket PATH, else $HANGULD_SOCKET, else $XDG_RUNTIME_DIR/hangul/hanguld.sock. \
            Its directory is created with mode 0700 and must belong to you; the socket gets mode 0600 and \
            only connections from your own user are served. Under systemd socket activation (see \
            contrib/systemd) the socket systemd passes is used instead. SIGTERM or SIGINT stops the daemon \
            after it has answered the requests it received.

            Besides the built-in layouts, every *.layout file in $XDG_CONFIG_HOME/hangul/layouts \
            (~/.config/hangul/layouts) is offered; one with a built-in's id replaces it. A broken file \
            there is logged and skipped; a broken --layout-file stops the start.
            """
    )

    @Option(help: "Listen on this Unix socket path instead of the default.")
    var socket: String?

    @Option(help: "Serve at most this many connections at once.")
    var maxSessions = ServerConfiguration().maxSessions

    @Option(help: "Close a connection once this many of its requests wait for an answer it is not reading.")
    var maxPending = ServerConfiguration().maxPendingLines

    @Option(help: "Log messages at this level and above: trace, debug, info, notice, warning, error or critical.")
    var logLevel = "info"

    @Option(help: "Read xkb key codes with this keymap layout (the layout the Hangul keyboards are laid on).")
    var keymapLayout = "us"

    @Option(
        name: .customLong("layout-file"),
        help: ArgumentHelp("Also offer the layout in this layout file; repeatable.", valueName: "path"))
    var layoutFiles: [String] = []

    func validate() throws {
        guard self.maxSessions >= 1 else {
            throw ValidationError("--max-sessions must be at least 1, not \(self.maxSessions).")
        }
        guard self.maxPending >= 1 else {
            throw ValidationError("--max-pending must be at least 1, not \(self.maxPending).")
        }
        guard Logger.Level(rawValue: self.logLevel) != nil else {
            let known = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
            throw ValidationError("unknown log level \"\(self.logLevel)\"; known: \(known).")
        }
        guard !self.keymapLayout.isEmpty else {
            throw ValidationError("--keymap-layout must not be empty.")
        }
    }

    func run() async throws {
        let level = Logger.Level(rawValue: self.logLevel) ?? .info
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "hanguld")
        var configuration = ServerConfiguration()
        configuration.maxSessions = self.maxSessions
        configuration.maxPendingLines = self.maxPending
        let layouts = UserLayouts(
            directory: UserLayouts.directory(environment: UserLayouts.processEnvironment), files: self.layoutFiles)
        for problem in layouts.problems {
            if problem.isExplicit {
                logger.critical("layout file rejected: \(problem)")
            } else {
                logger.warning("layout file skipped: \(problem)")
            }
        }
        if layouts.problems.contains(where: \.isExplicit) { throw ExitCode(1) }
        for entry in layouts.catalog.entries where entry.source != .builtIn {
            let verb = entry.overridesBuiltIn ? "overrides the built-in layout" : "adds layout"
            logger.info("\(entry.source) \(verb) \(entry.layout.id)")
        }
        let decoder: KeyDecoder
        do {
            decoder = try KeyDecoder(KeymapNames(layout: self.keymapLayout))
        } catch {
            logger.critical("cannot compile the key decoding keymap: \(error)")
            throw ExitCode(1)
        }
        try await Daemon.run(
            socketPath: self.socket,
            configuration: configuration,
            factory: ProtocolSessionFactory(
                decoder: decoder, maxPendingRequests: self.maxPending, layouts: layouts.catalog),
            logger: logger
        )
    }
}
