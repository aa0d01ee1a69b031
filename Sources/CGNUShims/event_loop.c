#define _GNU_SOURCE
#include "event_loop.h"

#include <stddef.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

int hangul_accept_nonblocking(int listener) { return accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

int hangul_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }
