// sched_getaffinity and sched_setaffinity with their CPU_SET macros, which Swift's Glibc module
// does not import (they need _GNU_SOURCE).
#define _GNU_SOURCE
#include "cpu_affinity.h"

#include <sched.h>

int cpu_affinity_get(pid_t thread, int *cpus, int capacity) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(thread, sizeof set, &set) != 0) return -1;
    int count = 0;
    for (int cpu = 0; cpu < CPU_SETSIZE && count < capacity; cpu++) {
        if (CPU_ISSET(cpu, &set)) cpus[count++] = cpu;
    }
    return count;
}

int cpu_affinity_set(pid_t thread, const int *cpus, int count) {
    cpu_set_t set;
    CPU_ZERO(&set);
    for (int index = 0; index < count; index++) {
        if (cpus[index] >= 0 && cpus[index] < CPU_SETSIZE) CPU_SET(cpus[index], &set);
    }
    return sched_setaffinity(thread, sizeof set, &set);
}
