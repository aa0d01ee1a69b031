import HangulCore
import HangulDaemon
import HangulHanja
import HangulKeys
import HangulLayoutFiles
import HangulLog
import HangulProtocol
import HangulSystem
import HangulWrongMode
import HanguldOptions

/// Starting the daemon from its options: what `hanguld` does once its command line is read, by
/// ``QuickStart`` in `hanguld` itself or by swift-argument-parser in `hanguld-cli`, the parser
/// program (README, start-up). No argument parser and no Foundation here, so that `hanguld` loads
/// neither.
public enum DaemonLaunch {
    /// A start that failed after saying why in the log: the program exits with status 1 and
    /// prints nothing more.
    public struct Failure: Error {}

    /// Runs the daemon with `options` until it is stopped.
    public static func serve(_ options: DaemonOptions) throws {
        let logger = DaemonLog(label: "hanguld", level: options.logLevel)
        var configuration = ServerConfiguration()
        configuration.maxSessions = options.maxSessions
        configuration.maxPendingLines = options.maxPending
        configuration.helloTimeout = .seconds(options.helloTimeout)
        guard let layouts = Self.loadLayouts(files: options.layoutFiles, logger: logger) else {
            throw DaemonLaunch.Failure()
        }
        let decoder: KeyDecoder
        do {
            // The reference keymap is built in; another --keymap-layout is compiled from xkb-data.
            let names = KeymapNames(layout: options.keymapLayout)
            decoder = names == KeyDecoder.usQWERTY.names ? KeyDecoder.usQWERTY : try KeyDecoder(names)
        } catch {
            logger.critical("cannot compile the key decoding keymap: \(error)")
            throw DaemonLaunch.Failure()
        }
        let maxPending = options.maxPending
        let layoutFiles = options.layoutFiles
        let environment = UserLayouts.processEnvironment
        guard let configPath = options.config ?? SettingsPaths.defaultConfigPath(environment: environment) else {
            logger.critical("no settings file: set XDG_CONFIG_HOME or HOME, or give --config PATH")
            throw DaemonLaunch.Failure()
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
        // The list's table is built once into the user's cache and mapped afterwards: shared page
        // cache instead of 2.3 MB of heap for as long as the daemon runs (issue 25).
        let wrongMode = WrongModeRuleSource(
            wordListAt: options.words, cache: WordList.cache { UserLayouts.processEnvironment($0) })
        // The hanja dictionary, and the word list when fix keys or auto-fix are set
        // (prepareWordList), are read in the background shortly after start (prepareSoonAfterStart).
        Self.prepareSoonAfterStart { [store] in
            hanja.prepare()
            Self.prepareWordList(wrongMode, settings: store)
        }
        try Daemon.run(
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
    public static let backgroundLoadDelay = Duration.milliseconds(100)

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
    /// comes first starts the load itself and waits for it as before (``DaemonOptions/hanjaLoadPatienceMilliseconds``),
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
        _ loader: SettingsLoader, layouts: LayoutCatalog, into store: SettingsStore, logger: DaemonLog
    ) {
        publish(loader.load(layouts: layouts), read: layouts, of: loader, into: store, logger: logger)
    }

    /// Puts what a load found into `store` (accepted settings, with the layouts they were read
    /// against) or the log (problems).
    private static func publish(
        _ outcome: SettingsLoader.Outcome, read layouts: LayoutCatalog, of loader: SettingsLoader,
        into store: SettingsStore, logger: DaemonLog
    ) {
        switch outcome {
        case .loaded(let settings):
            let generation = store.replace(with: settings, layouts: layouts)
            logger.notice(
                "settings loaded", metadata: ["file": "\(loader.configPath)", "generation": "\(generation)"])
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
    /// (``DaemonOptions/hanjaLoadPatienceMilliseconds`` unless `--hanja-load-patience` says otherwise), then finds no
    /// dictionary yet and goes on as PROTOCOL.md section 9.5 says; the next one finds it. The wait
    /// holds the event loop, every session's keys, so it stays below the frontends' deadline.
    private static func hanjaSource(
        files: [String], system: Bool, patience: Duration, logger: DaemonLog
    ) -> HanjaDictionarySource {
        HanjaDictionarySource(
            loading: { loadHanja(files: files, system: system, logger: logger) },
            inBackground: { body in (try? DetachedThread.start(body)) != nil },
            sleep: { CurrentThread.sleep(for: $0) }, patience: patience)
    }

    private static func loadHanja(files: [String], system: Bool, logger: DaemonLog) -> HanjaDictionary {
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
        logger.info(
            "hanja dictionary loaded: \(loaded.dictionary.tables.count) files, \(entries) entries")
        return loaded.dictionary
    }

    /// Reads the built-in and user layouts, logging every problem; nil when a `--layout-file` is
    /// broken (at start that stops the daemon, on SIGHUP it keeps the layouts it has).
    private static func loadLayouts(files: [String], logger: DaemonLog) -> LayoutCatalog? {
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
