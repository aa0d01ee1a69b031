import ArgumentParser
import HangulCore
import HangulDaemon
import HangulHanja
import HangulKeys
import HangulLayoutFiles
import HangulProtocol
import HangulSystem
import HangulWrongMode
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
        version: Wire.serverVersion
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
    var logLevel: Logger.Level = DaemonOptions().logLevel

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

    @Option(
        help: ArgumentHelp(
            "Serve the socket with this loop: epoll (the default) or nio (SwiftNIO, kept for the benchmark).",
            visibility: .hidden))
    var server: ServerKind = DaemonOptions().server

    /// Tests that want the first hanja key to wait for a slow load (a debug build parsing the
    /// system dictionary) raise it; users have no reason to.
    @Option(
        name: .customLong("hanja-load-patience"),
        help: ArgumentHelp(
            "The longest a hanja key waits for the dictionaries to finish loading, in milliseconds.",
            valueName: "ms", visibility: .hidden))
    var hanjaLoadPatienceMilliseconds: Int = DaemonOptions().hanjaLoadPatienceMilliseconds

    func validate() throws {
        guard self.maxSessions >= 1 else {
            throw ValidationError("--max-sessions must be at least 1, not \(self.maxSessions).")
        }
        guard self.maxPending >= 1 else {
            throw ValidationError("--max-pending must be at least 1, not \(self.maxPending).")
        }
        guard (1...86400).contains(self.helloTimeout) else {
            throw ValidationError(
                "--hello-timeout must be between 1 and 86400 seconds (a day), not \(self.helloTimeout).")
        }
        guard (0...60_000).contains(self.hanjaLoadPatienceMilliseconds) else {
            throw ValidationError(
                "--hanja-load-patience must be between 0 and 60000 milliseconds, not \(self.hanjaLoadPatienceMilliseconds)."
            )
        }
        guard !self.keymapLayout.isEmpty else {
            throw ValidationError("--keymap-layout must not be empty.")
        }
    }

    /// The daemon's start: a usual command line (``QuickStart``) is read without building the
    /// parser; any other goes through it, as `AsyncParsableCommand.main()` would take it.
    static func main() async {
        if let options = QuickStart.options(from: Array(CommandLine.arguments.dropFirst())) {
            do {
                try await serve(options)
            } catch {
                exit(withError: error)
            }
            return
        }
        do {
            let command = try parse()
            try await command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// What the command line set.
    var options: DaemonOptions {
        DaemonOptions(
            socket: socket, maxSessions: maxSessions, maxPending: maxPending, helloTimeout: helloTimeout,
            logLevel: logLevel, keymapLayout: keymapLayout, layoutFiles: layoutFiles, config: config,
            hanjaFiles: hanjaFiles, noSystemHanja: noSystemHanja, words: words, server: server,
            hanjaLoadPatienceMilliseconds: hanjaLoadPatienceMilliseconds)
    }

    func run() async throws {
        try await Self.serve(options)
    }

    /// Runs the daemon with `options` until it is stopped.
    static func serve(_ options: DaemonOptions) async throws {
        let level = options.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        let logger = Logger(label: "hanguld")
        var configuration = ServerConfiguration()
        configuration.maxSessions = options.maxSessions
        configuration.maxPendingLines = options.maxPending
        configuration.helloTimeout = .seconds(options.helloTimeout)
        configuration.server = options.server
        guard let layouts = Self.loadLayouts(files: options.layoutFiles, logger: logger) else { throw ExitCode(1) }
        let decoder: KeyDecoder
        do {
            // The reference keymap is built in; another --keymap-layout is compiled from xkb-data.
            let names = KeymapNames(layout: options.keymapLayout)
            decoder = names == KeyDecoder.usQWERTY.names ? KeyDecoder.usQWERTY : try KeyDecoder(names)
        } catch {
            logger.critical("cannot compile the key decoding keymap: \(error)")
            throw ExitCode(1)
        }
        let maxPending = options.maxPending
        let layoutFiles = options.layoutFiles
        let environment = UserLayouts.processEnvironment
        guard let configPath = options.config ?? SettingsPaths.defaultConfigPath(environment: environment) else {
            logger.critical("no settings file: set XDG_CONFIG_HOME or HOME, or give --config PATH")
            throw ExitCode(1)
        }
        let loader = SettingsLoader(configPath: configPath)
        let store = SettingsStore(configPath: configPath)
        Self.loadSettings(loader, layouts: layouts, into: store, logger: logger)
        let layoutDirectory = UserLayouts.directory(environment: environment)
        var watching = [
            DirectoryWatcher.Watch(
                directory: SettingsPaths.directory(of: configPath), link: configPath,
                matches: { [name = SettingsPaths.fileName(of: configPath)] in $0 == name })
        ]
        if let layoutDirectory {
            watching.append(DirectoryWatcher.Watch(directory: layoutDirectory, matches: { $0.hasSuffix(".layout") }))
        }
        let hanja = Self.hanjaSource(
            files: options.hanjaFiles, system: !options.noSystemHanja,
            patience: .milliseconds(options.hanjaLoadPatienceMilliseconds), logger: logger)
        let focus = FocusBoard()
        let wrongMode = WrongModeRuleSource(wordListAt: options.words)
        // The hanja dictionary, and the word list when fix keys or auto-fix are set
        // (prepareWordList), are read in the background shortly after start (prepareSoonAfterStart).
        Self.prepareSoonAfterStart { [store] in
            hanja.prepare()
            Self.prepareWordList(wrongMode, settings: store)
        }
        try await Daemon.run(
            socketPath: options.socket,
            configuration: configuration,
            factory: ProtocolSessionFactory(
                decoder: decoder, maxPendingRequests: maxPending, layouts: layouts, settings: store, hanja: hanja,
                focus: focus, wrongMode: wrongMode),
            reload: { install in
                hanja.reload()
                wrongMode.reload()
                hanja.prepare()
                guard let layouts = Self.loadLayouts(files: layoutFiles, logger: logger) else { return }
                let outcome = loader.load(layouts: layouts)
                // The factory first, then the settings: a session opened in between starts from the
                // settings in force with the new layouts, and takes the new settings at its next
                // syllable boundary. The other way round, a session made by the old factory could
                // adopt settings naming a layout only the new one has, and stay on the default.
                install(
                    ProtocolSessionFactory(
                        decoder: decoder, maxPendingRequests: maxPending, layouts: layouts, settings: store,
                        hanja: hanja, focus: focus, wrongMode: wrongMode))
                Self.publish(outcome, read: layouts, of: loader, into: store, logger: logger)
                Self.prepareWordList(wrongMode, settings: store)
            },
            watching: watching,
            settings: store,
            logger: logger
        )
    }

    /// How long after start the background loads begin (``prepareSoonAfterStart(_:)``).
    static let backgroundLoadDelay = Duration.milliseconds(100)

    /// Runs `prepare` (which starts the background loads: the hanja dictionary, the word list)
    /// ``backgroundLoadDelay`` after start, on a thread of its own, or at once when no thread can
    /// be started.
    ///
    /// Started with the daemon, the two loads (about 10 ms of CPU: reading and hashing the word
    /// list, checking the mapped hanja index) ran beside the daemon's own start on the machine's
    /// cores and delayed the first session's first key (issue 25); they still finish long before
    /// anyone can have typed a word and pressed a fix key. A key typed while they run can wait a few
    /// milliseconds (README, start-up): starting them once the daemon is idle is the next step.
    /// Nothing waits for them: a hanja key that
    /// comes first starts the load itself and waits for it as before (``hanjaLoadPatienceMilliseconds``),
    /// and a fix key reads the word list itself.
    private static func prepareSoonAfterStart(_ prepare: @escaping @Sendable () -> Void) {
        let delay = backgroundLoadDelay
        do {
            try DetachedThread.start {
                CurrentThread.sleep(for: delay)
                prepare()
            }
        } catch {
            prepare()
        }
    }

    /// Starts reading the English word list in the background when the settings in force use it:
    /// fix keys (there by default) or `auto-fix`. Read on the first fix key or the first word's
    /// end instead, the read ran past the frontends' deadline on a loaded machine, and the key
    /// failed open with the word unfixed (``WrongModeRuleSource/prepare()``). The list takes about
    /// 2.3 MB (``WordList``).
    private static func prepareWordList(_ wrongMode: WrongModeRuleSource, settings store: SettingsStore) {
        let settings = store.snapshot.settings
        if settings[.autoFix].flag == true || settings[.fixKeys].keys?.isEmpty == false { wrongMode.prepare() }
    }

    /// Reads the settings file into `store`, or logs why not and leaves the store as it was (the
    /// defaults at start). The problems name the file, the line and the reason: the file's own
    /// words, never anything a client typed.
    private static func loadSettings(
        _ loader: SettingsLoader, layouts: LayoutCatalog, into store: SettingsStore, logger: Logger
    ) {
        publish(loader.load(layouts: layouts), read: layouts, of: loader, into: store, logger: logger)
    }

    /// Puts what a load found into `store` (accepted settings, with the layouts they were read
    /// against) or the log (problems).
    private static func publish(
        _ outcome: SettingsLoader.Outcome, read layouts: LayoutCatalog, of loader: SettingsLoader,
        into store: SettingsStore, logger: Logger
    ) {
        switch outcome {
        case .loaded(let settings):
            let generation = store.replace(with: settings, layouts: layouts)
            logger.notice("settings loaded", metadata: ["file": "\(loader.configPath)", "generation": "\(generation)"])
        case .refused(let problems):
            store.refuse(problems: problems)
            for problem in problems {
                logger.error("settings file refused, settings unchanged: \(problem)")
            }
        }
    }

    /// The shared hanja dictionary, loaded on a thread of its own from start (and again after each
    /// reload), so the first hanja key finds it ready. Problems are logged by file, line and reason,
    /// never with the lines' content.
    ///
    /// A hanja key that comes while the load still runs waits for it at most `patience`
    /// (``hanjaLoadPatienceMilliseconds`` unless `--hanja-load-patience` says otherwise), then finds no
    /// dictionary yet and goes on as PROTOCOL.md section 9.5 says; the next one finds it. The wait
    /// holds the event loop, every session's keys, so it stays below the frontends' deadline.
    private static func hanjaSource(
        files: [String], system: Bool, patience: Duration, logger: Logger
    ) -> HanjaDictionarySource {
        HanjaDictionarySource(
            loading: { loadHanja(files: files, system: system, logger: logger) },
            inBackground: { body in (try? DetachedThread.start(body)) != nil },
            sleep: { CurrentThread.sleep(for: $0) }, patience: patience)
    }

    /// The longest a hanja key waits for the dictionaries to load: below the IBus engine's 150 ms
    /// deadline per key (and fcitx5's and hangul-wayland's longer ones), so a slow load never makes
    /// a frontend give up on the daemon and type Latin letters while it backs off. Mapping the
    /// cached system index takes about 3 ms; building it the first time, 16–170 ms, and a user's
    /// file of tens of MiB seconds, which is what this bounds. The load starts with the daemon, so
    /// by the first hanja key it has normally finished.
    static let hanjaLoadPatienceMilliseconds = 100

    private static func loadHanja(files: [String], system: Bool, logger: Logger) -> HanjaDictionary {
        let user = HanjaFiles.userDictionaryPath { UserLayouts.processEnvironment($0) }
        // Indexes are built once and mapped from the user's cache directory afterwards: shared page
        // cache instead of 15 MB of heap (issue 25).
        let cache = HanjaIndexCache.directory { UserLayouts.processEnvironment($0) }.map(HanjaIndexCache.init)
        let loaded = HanjaFiles(
            user: user, files: files, system: system ? HanjaFiles.systemDictionaryPath : nil,
            symbols: system ? HanjaFiles.systemSymbolsPath : nil, cache: cache)
        for problem in loaded.problems {
            if problem.isExplicit {
                logger.error("hanja file rejected: \(problem)")
            } else {
                logger.warning("hanja file: \(problem)")
            }
        }
        let entries = loaded.dictionary.tables.reduce(0) { $0 + $1.entryCount }
        logger.info("hanja dictionary loaded: \(loaded.dictionary.tables.count) files, \(entries) entries")
        return loaded.dictionary
    }

    /// Reads the built-in and user layouts, logging every problem; nil when a `--layout-file` is
    /// broken (at start that stops the daemon, on SIGHUP it keeps the layouts it has).
    private static func loadLayouts(files: [String], logger: Logger) -> LayoutCatalog? {
        let layouts = UserLayouts(
            directory: UserLayouts.directory(environment: UserLayouts.processEnvironment), files: files)
        for problem in layouts.problems {
            if problem.isExplicit {
                logger.critical("layout file rejected: \(problem)")
            } else {
                logger.warning("layout file skipped: \(problem)")
            }
        }
        if layouts.problems.contains(where: \.isExplicit) { return nil }
        // Every layout is listed in hello, whose line must fit the protocol's bound: user layouts
        // beyond what fits are left out here, at load time, each named in the log.
        let (catalog, leftOut) = HelloResult.fitting(layouts.catalog)
        for problem in leftOut {
            logger.warning("layout file skipped: \(problem)")
        }
        for entry in catalog.entries where entry.source != .builtIn {
            let verb = entry.overridesBuiltIn ? "overrides the built-in layout" : "adds layout"
            logger.info("\(entry.source) \(verb) \(entry.layout.id)")
        }
        return catalog
    }
}

/// `--log-level` takes swift-log's level names, listed in `--help` and checked by the parser.
extension Logger.Level: @retroactive ExpressibleByArgument {}

extension ServerKind: ExpressibleByArgument {}
