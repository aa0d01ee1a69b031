import Glibc
import HangulCompose

// A closed pipe must be reported as a write error (EPIPE) with a message, not end the process
// silently by SIGPIPE.
signal(SIGPIPE, SIG_IGN)
ComposeCommand.main()
