import HangulCompose
import HangulSystem

#if canImport(Glibc)
    import Glibc
#endif

// The fast `hangul-compose`: key strings, with at most a `--layout` and `--option`s (PlainTyping),
// are typed here; any other command line runs the parser program in this process's place
// (ParserProgram), so that this executable links neither swift-argument-parser nor Foundation
// and carries the Swift runtime inside it (README, start-up).
//
// A closed pipe must be reported as a write error (EPIPE) with a message, not end the process
// silently by SIGPIPE. Ignoring SIGPIPE cannot fail (only SIGKILL, SIGSTOP and numbers that are not
// signals are refused), so there is nothing to report here.
try? Signals.ignore(Signals.brokenPipe)
do {
    if let status = try PlainTyping.run() { exit(status) }
} catch is UsageError {
    // Found before anything was read or typed: the parser program reports it with the usage.
} catch {
    // What the parser program's error report prints for an error that is not a usage error.
    ParserProgram.report(error: error)
    exit(1)
}
exit(ParserProgram.execute())
