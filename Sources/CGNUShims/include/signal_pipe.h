#ifndef HANGUL_SIGNAL_PIPE_H
#define HANGUL_SIGNAL_PIPE_H

/// pipe2(2) with close-on-exec, the write end also non-blocking, for hangul_signal_pipe_install
/// (pipe2 needs _GNU_SOURCE). Returns 0, or -1 with errno set.
int hangul_signal_pipe_make(int ends[2]);

/// Makes each of `signals` write its number, as one byte, to `write_end` when it arrives, from a
/// `sigaction(2)` handler installed before this returns (SA_RESTART), so no signal sent afterwards
/// is lost; they are unblocked in the calling thread, which should be the one that reads the pipe
/// (other threads should block them). The handler only calls write(2), which is async-signal-safe;
/// `write_end` should be non-blocking, so a full pipe drops a byte rather than stopping the thread
/// the signal interrupted. One pipe serves the process: a second call replaces the first's
/// descriptor. Returns 0, or -1 with errno set by the sigaction that failed (EINVAL for SIGKILL,
/// SIGSTOP or a number that is no signal).
int hangul_signal_pipe_install(int write_end, const int *signals, int count);

/// Stops the handler writing anywhere (a signal then arriving is dropped), so the pipe can be
/// closed without a late signal writing into whatever file reuses its descriptor number.
void hangul_signal_pipe_detach(void);

#endif
