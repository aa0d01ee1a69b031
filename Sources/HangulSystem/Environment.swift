import Glibc

/// The process environment, read and changed through the C library's `environ`.
///
/// Reads are what every executable needs (`XDG_RUNTIME_DIR`, `XDG_CONFIG_HOME`, `HOME`,
/// `LISTEN_FDS`); the one change is the daemon's, which removes systemd's `LISTEN_*` variables once
/// it has taken the sockets so that nothing it starts mistakes them for its own. Not thread-safe
/// against a concurrent `setenv` (no caller changes the environment after start).
public enum Environment {
    /// `getenv(3)`: the variable's value, or nil when it is unset. A set but empty variable is "".
    public static func value(_ name: String) -> String? {
        guard let value = Glibc.getenv(name) else {
            return nil
        }
        return String(cString: value)
    }

    /// `unsetenv(3)`; a variable that is not set is not an error.
    public static func remove(_ name: String) {
        _ = Glibc.unsetenv(name)
    }
}
