import HangulCompose
import HangulComposeCommands
import HangulSystem

#if canImport(Glibc)
    import Glibc
#endif

// The parser program: `hangul-compose` runs it in its place for every command line that is not
// key strings with at most --layout and --option (other options, subcommands, --help, completion
// scripts), passing the arguments unchanged, so the parser's messages, help and exit statuses are
// its own (see the README's start-up section). Run directly, it does all of `hangul-compose`'s work
// itself.
//
// A closed pipe must be reported as a write error (EPIPE) with a message, not end the process
// silently by SIGPIPE. Ignoring SIGPIPE cannot fail (only SIGKILL, SIGSTOP and numbers that are not
// signals are refused), so there is nothing to report here.
try? Signals.ignore(Signals.brokenPipe)
do {
    if let status = try ComposeCommand.reportingUsage({ try PlainTyping.run() }) { exit(status) }
} catch {
    HangulComposeCommand.exit(withError: error)
}
HangulComposeCommand.main()
