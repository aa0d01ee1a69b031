#ifndef HANGUL_CPU_AFFINITY_H
#define HANGUL_CPU_AFFINITY_H

#include <sys/types.h>

/// Writes the CPUs thread `thread` (0: the caller) may run on into `cpus`, at most `capacity` of
/// them, in order; returns how many, or -1 on error (sched_getaffinity).
int cpu_affinity_get(pid_t thread, int *cpus, int capacity);

/// Lets thread `thread` (0: the caller) run only on the `count` CPUs in `cpus`; 0 or -1 with errno
/// (sched_setaffinity).
int cpu_affinity_set(pid_t thread, const int *cpus, int count);

#endif
