import HangulCore
import HangulHanja
import HangulLayoutFiles
import HangulProtocol
import HangulWrongMode

/// What `hangul-compose` does once its command line is parsed, on streams it is given: standard
/// input and output in the executable, memory in tests.
public struct Compose {
    /// The exit status for a failed read or write (`EX_IOERR`): the output is incomplete.
    public static let ioErrorStatus: Int32 = 74

    let command: ComposeSettings

    public init(settings: ComposeSettings) {
        command = settings
    }

    /// Runs the command; returns the exit status: 0, 1 when an input was bad, ``ioErrorStatus``
    /// when input could not be read or output written (reported on `errors`).
    ///
    /// Throws for usage errors (an unknown layout, a broken `--layout-file`), which the command
    /// line reports with exit status 64, and for a daemon that cannot be reached or fails
    /// (`--daemon`), reported with exit status 1.
    public func run(
        arguments: [[UInt8]], input: some ByteSource, output: OutputBuffer, errors: OutputBuffer,
        environment: @escaping (String) -> String?
    ) throws -> Int32 {
        let catalog = try loadedLayouts(environment: environment, errors: errors)
        do {
            let failures: Int
            if command.listLayouts {
                try listLayouts(catalog, to: output)
                failures = 0
            } else if let word = command.hanja {
                failures = try printCandidates(for: word, environment: environment, output: output, errors: errors)
            } else {
                let layout = try command.resolvedLayout(in: catalog)
                let options = try command.resolvedOptions()
                let commitUnit = try command.resolvedCommitUnit()
                let autoFix = try command.resolvedAutoFix()
                if command.reverse || command.fix {
                    var converter = try TextConverter(
                        layout: layout, options: options, fix: command.fix, wordsPath: command.words,
                        wordsCache: WordList.cache(environment: environment), output: output,
                        errors: errors, inputName: arguments.isEmpty ? "line" : "argument")
                    try feed(arguments: arguments, input: input, output: output) { try converter.convert($0, $1, $2) }
                    failures = converter.failures
                } else if command.daemon {
                    let path = try SocketLocation.resolve(explicit: command.socket, environment: environment)
                    let engine = try DaemonEngine(
                        socketPath: path, options: options, layout: layout, commitUnit: commitUnit, autoFix: autoFix)
                    failures = try type(
                        with: engine, arguments: arguments, input: input, output: output, errors: errors)
                } else {
                    let files = hanjaFiles(environment: environment)
                    let engine = InProcessEngine(
                        layout: layout, options: options, hanja: HanjaDictionarySource { files().dictionary },
                        commitUnit: commitUnit,
                        wrongMode: WrongModeRuleSource(
                            wordListAt: command.words, cache: WordList.cache(environment: environment)),
                        autoFix: autoFix)
                    failures = try type(
                        with: engine, arguments: arguments, input: input, output: output, errors: errors)
                }
            }
            try output.drain()
            return failures > 0 ? 1 : 0
        } catch let error as OutputError {
            try? errors.append("hangul-compose: \(error)\n")
            return Self.ioErrorStatus
        } catch let error as InputError {
            try? output.drain()
            try? errors.append("hangul-compose: \(error)\n")
            return Self.ioErrorStatus
        } catch let error as WordListError {
            try? errors.append("hangul-compose: \(error)\n")
            return 1
        } catch {
            // A usage error, or the daemon failing (--daemon): what was typed is written, then the
            // command line reports the error as it always did ("Error: …", exit status 1).
            try? output.drain()
            throw error
        }
    }

    /// Types every input through `engine`; returns how many were bad.
    func type<Engine: KeyEngine>(
        with engine: Engine, arguments: [[UInt8]], input: some ByteSource, output: OutputBuffer, errors: OutputBuffer
    ) throws -> Int {
        var typist = LineTypist(
            engine: engine, format: command.format, output: output, errors: errors,
            inputName: arguments.isEmpty ? "line" : "argument", commitUnit: try command.resolvedCommitUnit())
        var number = 0
        var started = false
        try feed(arguments: arguments, input: input, output: output) { bytes, endsLine, _ in
            if !started {
                number += 1
                typist.begin(number: number)
                started = true
            }
            try typist.feed(bytes)
            if endsLine {
                try typist.end()
                started = false
            }
        }
        return typist.failures
    }

    /// Calls `body` with the pieces of each input (the KEYS arguments whole, else standard input
    /// line by line), whether the piece ends its input, and the input's number.
    func feed(
        arguments: [[UInt8]], input: some ByteSource, output: OutputBuffer,
        _ body: (UnsafeBufferPointer<UInt8>, Bool, Int) throws -> Void
    ) throws {
        if !arguments.isEmpty {
            for (index, argument) in arguments.enumerated() {
                try argument.withUnsafeBufferPointer { try body($0, true, index + 1) }
            }
            return
        }
        var number = 1
        try LineReader().forEachPiece(
            of: input,
            { bytes, endsLine in
                try body(bytes, endsLine, number)
                if endsLine { number += 1 }
            },
            afterBlock: { try output.drain() })
    }

    /// The built-in layouts plus the user's: a broken file in the layout directory is a warning on
    /// standard error, a broken `--layout-file` an error.
    func loadedLayouts(environment: @escaping (String) -> String?, errors: OutputBuffer) throws -> LayoutCatalog {
        let loaded = UserLayouts(
            directory: UserLayouts.directory(environment: environment), files: command.layoutFiles)
        for problem in loaded.problems where !problem.isExplicit {
            try? errors.append("hangul-compose: warning: layout file skipped: \(problem)\n")
        }
        if let problem = loaded.problems.first(where: \.isExplicit) {
            throw UsageError("layout file rejected: \(problem)")
        }
        return loaded.catalog
    }

    /// `--list-layouts`: id, aliases, names and origin, tab-separated.
    /// Loads the dictionaries the way `hanguld` does, when first needed.
    func hanjaFiles(environment: @escaping (String) -> String?) -> @Sendable () -> HanjaFiles {
        let user = HanjaFiles.userDictionaryPath(environment: environment)
        let cache = HanjaIndexCache.directory(environment: environment).map(HanjaIndexCache.init)
        let (files, system) = (command.hanjaFiles, !command.noSystemHanja)
        return {
            HanjaFiles(
                user: user, files: files, system: system ? HanjaFiles.systemDictionaryPath : nil,
                symbols: system ? HanjaFiles.systemSymbolsPath : nil, cache: cache)
        }
    }

    /// `--hanja WORD`: the candidates a hanja key offers for WORD as a preedit (a lone jamo's
    /// symbols, else a prefix match), one `value<TAB>meaning` line each; 1 failure when none.
    func printCandidates(
        for word: String, environment: @escaping (String) -> String?, output: OutputBuffer, errors: OutputBuffer
    ) throws -> Int {
        let loaded = hanjaFiles(environment: environment)()
        for problem in loaded.problems {
            try? errors.append("hangul-compose: warning: \(problem)\n")
        }
        let scalars = Array(word.unicodeScalars)
        let isLoneJamo = scalars.count == 1 && (0x3131...0x318E).contains(scalars[0].value)
        let candidates = loaded.dictionary.candidates(for: word, isLoneJamo ? .exact : .prefix)
        for candidate in candidates {
            try output.append(candidate.value + "\t" + candidate.comment + "\n")
        }
        guard !candidates.isEmpty else {
            try? errors.append("hangul-compose: no hanja or symbols for \"\(word)\" in the dictionaries\n")
            return 1
        }
        return 0
    }

    func listLayouts(_ catalog: LayoutCatalog, to output: OutputBuffer) throws {
        for entry in catalog.entries {
            let layout = entry.layout
            let aliases = layout.aliases.isEmpty ? "-" : layout.aliases.joined(separator: ",")
            let source =
                switch entry.source {
                case .builtIn: "built-in"
                case .file(let path): entry.overridesBuiltIn ? "\(path) (overrides built-in)" : path
                }
            try output.append("\(layout.id)\t\(aliases)\t\(layout.name)\t\(layout.koreanName)\t\(source)\n")
        }
    }
}
