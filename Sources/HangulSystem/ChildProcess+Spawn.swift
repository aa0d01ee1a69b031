import CGNUShims
import Glibc
import SystemPackage

extension ChildProcess {
    /// How a child is set up: where its standard streams go, whether it starts a session of its
    /// own, and its environment.
    public struct Setup: Sendable {
        /// The child's standard input; nil reads `/dev/null`, so a child never competes with this
        /// process for a terminal.
        public var standardInput: FileDescriptor?
        /// The child's standard output; nil keeps this process's.
        public var standardOutput: FileDescriptor?
        /// The child's standard error; nil keeps this process's.
        public var standardError: FileDescriptor?
        /// Whether the child starts a session of its own (`setsid`), so it outlives this process's
        /// session: a daemon an IBus engine starts must not end with `ibus restart`.
        public var newSession: Bool
        /// The child's environment as `NAME=value` strings; nil passes this process's on.
        public var environment: [String]?

        public init(
            standardInput: FileDescriptor? = nil, standardOutput: FileDescriptor? = nil,
            standardError: FileDescriptor? = nil, newSession: Bool = false, environment: [String]? = nil
        ) {
            self.standardInput = standardInput
            self.standardOutput = standardOutput
            self.standardError = standardError
            self.newSession = newSession
            self.environment = environment
        }
    }

    /// Starts `path` with `arguments` (`argv[0]` is `path`): the one way every program of this
    /// project starts another (`posix_spawn`).
    ///
    /// The child inherits no descriptor but the three standard ones: SwiftNIO accepts connections
    /// without close-on-exec and libraries open files without it, and a descriptor kept open in a
    /// long-lived child would keep a client's connection or a file alive for as long as it runs.
    /// Signal dispositions and the mask are reset to the defaults, so a parent that ignores SIGPIPE
    /// does not pass that on. Throws when the program cannot be started (`ENOENT`, `EACCES`); reap
    /// the child with ``waitForTermination()`` or ``terminationIfEnded()``.
    public static func spawn(_ path: String, arguments: [String] = [], setup: Setup = Setup()) throws(SystemCallError)
        -> ChildProcess
    {
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        let initialized = posix_spawn_file_actions_init(&actions)
        guard initialized == 0 else { throw SystemCallError("posix_spawn_file_actions_init", errno: initialized) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        let attributesInitialized = posix_spawnattr_init(&attributes)
        guard attributesInitialized == 0 else {
            throw SystemCallError("posix_spawnattr_init", errno: attributesInitialized)
        }
        defer { posix_spawnattr_destroy(&attributes) }

        var failure: Int32 = 0
        func check(_ result: Int32) { if failure == 0 { failure = result } }
        if let input = setup.standardInput {
            check(posix_spawn_file_actions_adddup2(&actions, input.rawValue, 0))
        } else {
            check(posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0))
        }
        if let output = setup.standardOutput { check(posix_spawn_file_actions_adddup2(&actions, output.rawValue, 1)) }
        if let error = setup.standardError { check(posix_spawn_file_actions_adddup2(&actions, error.rawValue, 2)) }
        check(hangul_spawn_close_from(&actions, 3))
        var defaults = sigset_t()
        sigfillset(&defaults)
        var empty = sigset_t()
        sigemptyset(&empty)
        check(posix_spawnattr_setsigdefault(&attributes, &defaults))
        check(posix_spawnattr_setsigmask(&attributes, &empty))
        var flags = Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)
        if setup.newSession { flags |= hangul_spawn_setsid_flag() }
        check(posix_spawnattr_setflags(&attributes, flags))
        guard failure == 0 else { throw SystemCallError("posix_spawn", path: path, errno: failure) }

        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned: Int32
        if let environment = setup.environment {
            let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
            defer { envp.forEach { free($0) } }
            spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        } else {
            spawned = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        }
        guard spawned == 0 else { throw SystemCallError("posix_spawn", path: path, errno: spawned) }
        return ChildProcess(id: pid)
    }
}
