#ifndef HANGUL_EVENT_LOOP_H
#define HANGUL_EVENT_LOOP_H

// epoll, accept4 and eventfd, which Swift's Glibc module does not declare (accept4 needs
// _GNU_SOURCE). Including <sys/epoll.h> here makes its declarations visible to Swift through
// this module.
#include <sys/epoll.h>

// accept4 with SOCK_NONBLOCK | SOCK_CLOEXEC: the new connection is non-blocking and not inherited.
int hangul_accept_nonblocking(int listener);

// An eventfd, non-blocking and close-on-exec, counting from zero: a loop's wake-up bell.
int hangul_eventfd(void);

#endif
