import ArgumentParser
import HangulClient
import HangulProtocol
import HangulSystem

/// How `hangulctl` reaches a running daemon: the socket rule every client follows.
struct DaemonOptions: ParsableArguments {
    @Option(help: "The daemon's socket, instead of $HANGULD_SOCKET or $XDG_RUNTIME_DIR/hangul/hanguld.sock.")
    var socket: String?

    /// How long to wait for each answer: a daemon that takes longer is taken for stuck. A machine
    /// busy with other work (a whole test suite on two cores, say) can hold an answer back for
    /// longer than the default, which suits a user waiting at a prompt.
    @Option(help: "Seconds to wait for each answer from the daemon, twice that for a reload.")
    var timeout: Int = 5

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    /// The socket path by PROTOCOL.md section 2.
    func socketPath() throws -> String {
        do throws(SocketLocation.Failure) {
            return try SocketLocation.resolve(explicit: socket, environment: Environment.value)
        } catch {
            throw ValidationError("\(error)")
        }
    }

    /// A session with the daemon, or nil when none listens there (said on standard error by the caller).
    func connect() throws -> HangulClient? {
        let path = try socketPath()
        do throws(ClientError) {
            return try HangulClient(socketPath: path, clientName: "hangulctl", timeout: .seconds(timeout))
        } catch {
            if case .cannotConnect = error { return nil }
            throw failure(error)
        }
    }
}

/// A client error as `hangulctl`'s own failure: the message on standard error, status 1.
func failure(_ error: ClientError) -> Error {
    standardError("hangulctl: \(error)\n")
    return ExitCode.failure
}

/// What `status` prints: one fact a line, problems last.
func describe(_ status: StatusResult) -> String {
    var lines = ["hanguld \(status.version) is running"]
    lines.append("socket: \(status.socket ?? "passed by systemd")")
    lines.append("sessions: \(status.sessions)")
    if let file = status.configFile {
        if let loaded = status.loadedAt {
            lines.append("settings: \(file), loaded \(loaded) (load \(status.generation))")
        } else {
            lines.append("settings: \(file), never accepted: the defaults serve")
        }
    }
    lines.append("reloads since start: \(status.reloads)")
    if let problem = status.wordListProblem {
        lines.append(
            "fix keys and auto-fix: off, no English word list (\(problem)); install Debian's wamerican")
    }
    if status.problems.isEmpty {
        lines.append("problems: none")
    } else {
        lines.append("problems with the last reading, which changed nothing:")
        lines += status.problems.map { "  " + $0 }
    }
    return lines.joined(separator: "\n") + "\n"
}

/// Reloads a running daemon and reports the outcome; returns whether it accepted the settings.
/// A daemon that is not running is not an error: it reads the file when it starts.
func reloadRunningDaemon(_ options: DaemonOptions, quietWhenNotRunning: Bool) throws -> Bool {
    // After `config set`, no socket location (no XDG_RUNTIME_DIR, as under cron) means no daemon
    // of this login to tell; the file is written, which is what was asked.
    if quietWhenNotRunning, (try? options.socketPath()) == nil { return true }
    guard let client = try options.connect() else {
        if !quietWhenNotRunning {
            standardError(
                "hangulctl: hanguld is not running at \(try options.socketPath()); it reads the settings when it starts\n"
            )
        }
        return quietWhenNotRunning
    }
    let status: StatusResult
    do throws(ClientError) {
        status = try client.waitForReload(try client.reload(), timeout: .seconds(2 * options.timeout))
    } catch {
        throw failure(error)
    }
    guard status.problems.isEmpty else {
        standardError(
            "hangulctl: hanguld kept its settings; the file was refused:\n"
                + status.problems.map { "  \($0)\n" }.joined())
        return false
    }
    print("hanguld reloaded its settings and layouts")
    return true
}

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Say whether hanguld is running, and what it serves.",
        discussion: """
            Prints the daemon's version, socket, number of sessions, settings file with when it was \
            loaded, and the problems of its last reading of it. Exit status: 0 running with the file \
            accepted, 1 running with problems, 3 not running.
            """)

    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        guard let client = try daemon.connect() else {
            print("hanguld is not running at \(try daemon.socketPath())")
            throw ExitCode(3)
        }
        let status: StatusResult
        do throws(ClientError) {
            status = try client.status()
        } catch {
            throw failure(error)
        }
        print(describe(status), terminator: "")
        if !status.problems.isEmpty { throw ExitCode.failure }
    }
}

struct Reload: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make hanguld read its settings file and layout files again.",
        discussion: """
            As SIGHUP does: new sessions take the new settings, open ones take every option they have \
            not set themselves at their next syllable boundary. Waits for the reload and prints its \
            problems (then nothing changed). Exit status: 0 reloaded, 1 refused or failed, 3 not running.
            """)

    @OptionGroup var daemon: DaemonOptions

    func run() throws {
        guard try daemon.connect() != nil else {
            print("hanguld is not running at \(try daemon.socketPath())")
            throw ExitCode(3)
        }
        guard try reloadRunningDaemon(daemon, quietWhenNotRunning: false) else { throw ExitCode.failure }
    }
}

struct Mode: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print or set the Hangul/Latin mode of the input field that has the focus.",
        discussion: """
            For editor hooks and scripts: `hangulctl mode latin` on leaving Vim's insert mode. The \
            field takes the mode at its next key (when nothing is being composed). Needs a frontend \
            that tells hanguld which field has the focus (set_focus). Prints the mode; exit status: \
            0 done, 1 failed, 2 no field has the focus, 3 not running.
            """)

    @Argument(help: "hangul, latin or toggle; without it, only print the mode.")
    var mode: String?

    @OptionGroup var daemon: DaemonOptions

    func validate() throws {
        if let mode, ModeChange(rawValue: mode) == nil {
            throw ValidationError("unknown mode \"\(mode)\"; give hangul, latin or toggle")
        }
    }

    func run() throws {
        guard let client = try daemon.connect() else {
            print("hanguld is not running at \(try daemon.socketPath())")
            throw ExitCode(3)
        }
        let result: String?
        do throws(ClientError) {
            result = try client.focusedMode(mode.flatMap(ModeChange.init(rawValue:)))?.rawValue
        } catch {
            throw failure(error)
        }
        guard let result else {
            standardError("hangulctl: no input field has told hanguld it has the focus\n")
            throw ExitCode(2)
        }
        print(result)
    }
}
