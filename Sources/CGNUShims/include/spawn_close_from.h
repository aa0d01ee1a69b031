#ifndef HANGUL_SPAWN_CLOSE_FROM_H
#define HANGUL_SPAWN_CLOSE_FROM_H

#include <spawn.h>

/// Adds to `actions` the closing, in the child, of every descriptor from `lowest` up
/// (glibc's posix_spawn_file_actions_addclosefrom_np, declared only under _GNU_SOURCE).
///
/// A child must inherit only the descriptors it is given: SwiftNIO accepts connections without
/// close-on-exec, so without this every client's socket would stay open in the child, and a
/// connection the daemon closes would not reach its client until the child exits.
/// Returns 0, or an errno value.
int hangul_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

#endif
