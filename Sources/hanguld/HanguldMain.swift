import HanguldLaunch
import HanguldOptions

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon: the usual command lines (``QuickStart``: none, `--socket PATH`, `--config PATH`) and
/// the options `hanguld-cli` has parsed (``ParsedOptions``) are read here; any other command line
/// runs the parser program `hanguld-cli` in this process's place (``DaemonPrograms``), so that this
/// executable links neither swift-argument-parser nor Foundation and loads fewer libraries at start
/// (README, start-up).
@main
enum HanguldMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let options = QuickStart.options(from: arguments) ?? ParsedOptions.options(from: arguments) else {
            exit(DaemonPrograms.runParser())
        }
        do {
            try DaemonLaunch.serve(options)
        } catch is DaemonLaunch.Failure {
            exit(1)
        } catch {
            DaemonPrograms.report(error: error)
            exit(1)
        }
    }
}
