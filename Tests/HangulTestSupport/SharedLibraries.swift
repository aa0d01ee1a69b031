/// The shared libraries a program loads, as `ldd` lists them: for tests that a program does, or does
/// not, load a library (the fast `hangul-compose` and `hanguld` must load neither Foundation nor the
/// argument parser).
public enum SharedLibraries {
    /// `ldd` could not list them (not an executable, or no `ldd`).
    public struct Unlisted: Error, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "ldd \(path) failed: \(reason)" }
    }

    /// What `ldd` prints for `path`, one library a line.
    public static func listed(for path: String) throws -> String {
        let ldd = try SpawnedProcess("/usr/bin/ldd", [path]).wait()
        guard ldd.status == 0 else { throw Unlisted(path: path, reason: ldd.stderr) }
        return ldd.stdout
    }
}
