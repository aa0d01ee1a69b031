#define _GNU_SOURCE
#include "thread_name.h"

#include <pthread.h>

int hangul_set_thread_name(const char *name) { return pthread_setname_np(pthread_self(), name); }
