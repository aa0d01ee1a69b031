#define _GNU_SOURCE
#include "signal_pipe.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>

static volatile sig_atomic_t pipe_write_end = -1;

static void write_signal_number(int signal_number) {
    int saved = errno;
    unsigned char byte = (unsigned char)signal_number;
    if (pipe_write_end >= 0) (void)!write(pipe_write_end, &byte, 1);
    errno = saved;
}

int hangul_signal_pipe_make(int ends[2]) {
    if (pipe2(ends, O_CLOEXEC) != 0) return -1;
    if (fcntl(ends[1], F_SETFL, O_NONBLOCK) == 0) return 0;
    int saved = errno;
    close(ends[0]);
    close(ends[1]);
    errno = saved;
    return -1;
}

int hangul_signal_pipe_install(int write_end, const int *signals, int count) {
    pipe_write_end = write_end;
    struct sigaction action = {0};
    action.sa_handler = write_signal_number;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    for (int i = 0; i < count; i++) sigaddset(&action.sa_mask, signals[i]);
    for (int i = 0; i < count; i++)
        if (sigaction(signals[i], &action, NULL) != 0) return -1;
    /* A mask inherited from the parent (a test runner's thread, a service manager) may block them. */
    return pthread_sigmask(SIG_UNBLOCK, &action.sa_mask, NULL) == 0 ? 0 : (errno = EINVAL, -1);
}

void hangul_signal_pipe_detach(void) { pipe_write_end = -1; }
