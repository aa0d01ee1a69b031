#if canImport(Glibc)
    import Glibc
#endif

/// `hanguld` and `hanguld-cli`, its parser program, running each other.
///
/// `hanguld` reads the usual command lines itself (``QuickStart``) and links neither
/// swift-argument-parser nor Foundation, so that a daemon started the usual way loads neither
/// (issue 25). For any other command line it runs `hanguld-cli` in its place with the arguments
/// unchanged, so that help, messages and exit statuses are the parser's own; the parser program
/// then runs `hanguld` again with the options it read (``ParsedOptions``). Each finds the other
/// from `/proc/self/exe`: installed, `PREFIX/bin/hanguld` and `PREFIX/libexec/hangul/hanguld-cli`;
/// built, side by side in the build folder.
public enum DaemonPrograms {
    /// The parser program's file name.
    public static let parserName = "hanguld-cli"

    /// Where `hanguld` at `executablePath` looks for the parser program, in order.
    public static func parserCandidates(executablePath: String) -> [String] {
        let base = directory(of: executablePath)
        return [base + "/../libexec/hangul/" + parserName, base + "/" + parserName]
    }

    /// Where the parser program at `executablePath` looks for `hanguld`, in order.
    public static func daemonCandidates(executablePath: String) -> [String] {
        let base = directory(of: executablePath)
        return [base + "/../../bin/hanguld", base + "/hanguld"]
    }

    /// Replaces `hanguld` with the parser program, the arguments unchanged; returns only when it
    /// cannot, with the exit status after saying why on standard error.
    public static func runParser() -> Int32 {
        run(
            parserCandidates, arguments: CommandLine.arguments,
            missing: "\(parserName), which reads every option but --socket and --config, is missing")
    }

    /// Replaces the parser program with `hanguld` serving `options`; returns only when it cannot,
    /// with the exit status after saying why on standard error.
    public static func runDaemon(_ options: DaemonOptions) -> Int32 {
        let name = CommandLine.arguments.first ?? "hanguld"
        return run(
            daemonCandidates, arguments: [name] + ParsedOptions.arguments(for: options),
            missing: "hanguld, which \(parserName) starts with the options it read, is missing")
    }

    /// Reports an error the way swift-argument-parser's `exit(withError:)` reports one that is not
    /// a usage error: `Error: ` and its description.
    public static func report(error: any Error) {
        write(line: "Error: \(error)\n")
    }

    private static func run(_ candidates: (String) -> [String], arguments: [String], missing: String) -> Int32 {
        guard let executable = executablePath() else {
            write(line: "hanguld: cannot find the program to run: /proc/self/exe cannot be read (is /proc mounted?)\n")
            return 127
        }
        let places = candidates(executable)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        for path in places {
            execv(path, &argv)
            let error = errno
            if error == ENOENT || error == ENOTDIR { continue }
            write(line: "hanguld: cannot run \(path): \(String(cString: strerror(error)))\n")
            return 126
        }
        write(line: "hanguld: \(missing) (looked for \(places.joined(separator: " and "))); reinstall hanguld.\n")
        return 127
    }

    private static func directory(of path: String) -> String {
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return directory.isEmpty ? "." : directory
    }

    /// This process's executable, from `/proc/self/exe`.
    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func write(line text: String) {
        let line = Array(text.utf8)
        _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
