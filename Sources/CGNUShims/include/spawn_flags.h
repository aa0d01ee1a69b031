#ifndef HANGUL_SPAWN_FLAGS_H
#define HANGUL_SPAWN_FLAGS_H

/// glibc's POSIX_SPAWN_SETSID, declared only under _GNU_SOURCE: the child starts a session of its own,
/// so it outlives the process that started it when that one's session ends.
short hangul_spawn_setsid_flag(void);

#endif
