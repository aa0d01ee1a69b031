import HangulCompose
import HangulSystem

#if canImport(Glibc)
    import Glibc
#endif

// A closed pipe must be reported as a write error (EPIPE) with a message, not end the process
// silently by SIGPIPE. Ignoring SIGPIPE cannot fail (only SIGKILL, SIGSTOP and numbers that are not
// signals are refused), so there is nothing to report here.
try? Signals.ignore(Signals.brokenPipe)
// Plain key strings (no option, no subcommand) are typed without building the argument parser;
// anything else is parsed (see PlainTyping).
if let status = PlainTyping.run() { exit(status) }
HangulComposeCommand.main()
