#define _GNU_SOURCE
#include <spawn.h>

#include "spawn_flags.h"

short hangul_spawn_setsid_flag(void) { return POSIX_SPAWN_SETSID; }
