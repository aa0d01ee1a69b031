import Foundation
import Glibc
import HangulTestSupport
import Testing

/// The built `hanguld` running on a socket in a temporary directory, for end-to-end tests.
struct RunningDaemon {
    let directory: TemporaryDirectory
    let socketPath: String
    let child: ChildProcess
    /// The settings file the daemon reads unless `--config` names another.
    var configPath: String { directory.child("config/hangul/config.toml") }

    /// Starts `hanguld` with `arguments` and waits until its socket accepts connections.
    ///
    /// The daemon's `XDG_CONFIG_HOME` is the temporary directory's `config`, so the runner's own
    /// layout files never leak in; `userLayouts` (file name → text) are written to its layout directory.
    /// `limits`, shell commands such as `ulimit -Sn 80`, run before the daemon is exec'd in their place.
    static func start(
        _ arguments: [String] = [], userLayouts: [String: String] = [:], configFile: String? = nil,
        limits: String? = nil, binary: String = SystemTools.hanguld, configMode: mode_t? = nil
    ) async throws -> RunningDaemon {
        let path = binary
        try #require(FileManager.default.isExecutableFile(atPath: path), "\(path) missing: run swift build first")
        let directory = try TemporaryDirectory()
        let socketPath = directory.child("hangul/hanguld.sock")
        for (name, text) in userLayouts { try directory.write(text, to: "config/hangul/layouts/" + name) }
        if let configFile {
            let path = try directory.write(configFile, to: "config/hangul/config.toml")
            if let configMode { chmod(path, configMode) }
        }
        var environment = ProcessInfo.processInfo.environment
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES", "HANGULD_SOCKET"] { environment[name] = nil }
        environment["XDG_CONFIG_HOME"] = directory.child("config")
        // A debug build under load can take over a second to build the system dictionary's index,
        // so the first hanja key waits for it in tests, unless the test is about that wait.
        let patience = arguments.contains("--hanja-load-patience") ? [] : ["--hanja-load-patience", "20000"]
        let daemonArguments = ["--socket", socketPath, "--log-level", "warning"] + patience + arguments
        let child =
            if let limits {
                try ChildProcess.launch(
                    "/bin/sh", ["-c", limits + #" && exec "$0" "$@""#, path] + daemonArguments, environment: environment
                )
            } else {
                try ChildProcess.launch(path, daemonArguments, environment: environment)
            }
        let daemon = RunningDaemon(directory: directory, socketPath: socketPath, child: child)
        let listening = await eventually { !child.isRunning || (try? UnixClient(path: socketPath)) != nil }
        try #require(listening && child.isRunning, "hanguld did not start listening")
        return daemon
    }

    /// Whether a brand-new client can open a session and get a pong.
    func servesAFreshClient() throws -> Bool {
        let client = try UnixClient(path: socketPath)
        defer { client.close() }
        try client.send(#"{"id":1,"method":"hello","params":{"protocol":1}}"# + "\n")
        guard try client.readLine()?.hasPrefix(#"{"id":1,"result":{"protocol":1,"#) == true else { return false }
        try client.send(#"{"id":2,"method":"ping"}"# + "\n")
        return try client.readLine() == #"{"id":2,"result":{}}"#
    }

    /// Stops the daemon with SIGTERM and returns how it ended.
    func stop() async throws -> ChildProcess.Outcome {
        kill(child.pid, SIGTERM)
        let outcome = try await child.finish()
        directory.remove()
        return outcome
    }
}
