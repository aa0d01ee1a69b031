import HangulSystem

#if canImport(Glibc)
    import Glibc
#endif

/// `hangul-compose-cli`, the program with swift-argument-parser that `hangul-compose` runs in its
/// place for any command line that is not key strings with at most `--layout` and `--option`s.
///
/// `hangul-compose` itself links neither the parser nor Foundation, and links the Swift runtime in,
/// so that typing a short input costs no dynamic loading (issue 25); the parser program keeps every
/// option, subcommand, message, `--help` and completion script as they were, since it is the same
/// command given the same arguments.
public enum ParserProgram {
    /// The parser program's file name.
    public static let name = "hangul-compose-cli"

    /// Where to look, in order, for `hangul-compose` at `executablePath`: installed, in
    /// `PREFIX/libexec/hangul/` beside `PREFIX/bin/`; built, beside it in the build folder.
    public static func candidates(executablePath: String) -> [String] {
        let directory = executablePath.split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/")
        let base = directory.isEmpty ? "." : directory
        return [base + "/../libexec/hangul/" + name, base + "/" + name]
    }

    /// Replaces this process with the parser program, the arguments unchanged; returns only when it
    /// cannot, with the exit status after saying why on standard error.
    public static func execute() -> Int32 {
        guard let executable = CurrentProcess.executablePath else {
            report("cannot find \(name): /proc/self/exe cannot be read (is /proc mounted?)")
            return 127
        }
        let places = candidates(executablePath: executable)
        for path in places {
            execv(path, CommandLine.unsafeArgv)
            let error = errno
            if error == ENOENT || error == ENOTDIR { continue }
            report("cannot run \(path): \(String(cString: strerror(error)))")
            return 126
        }
        report(
            "\(name), which handles options, subcommands and --help, is missing (looked for "
                + places.joined(separator: " and ") + "); reinstall hangul-compose.")
        return 127
    }

    /// Reports an error the way swift-argument-parser's `exit(withError:)` reports one that is not
    /// a usage error: `Error: ` and its description.
    public static func report(error: any Error) {
        write(line: "Error: \(error)\n")
    }

    static func report(_ message: String) {
        write(line: "hangul-compose: \(message)\n")
    }

    static func write(line text: String) {
        let line = Array(text.utf8)
        _ = line.withUnsafeBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
