import HangulCompose
import HangulSystem

// A closed pipe must be reported as a write error (EPIPE) with a message, not end the process
// silently by SIGPIPE. Ignoring SIGPIPE cannot fail (only SIGKILL, SIGSTOP and numbers that are not
// signals are refused), so there is nothing to report here.
try? Signals.ignore(Signals.brokenPipe)
HangulComposeCommand.main()
