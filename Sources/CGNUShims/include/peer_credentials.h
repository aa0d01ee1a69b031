#ifndef HANGUL_PEER_CREDENTIALS_H
#define HANGUL_PEER_CREDENTIALS_H

#include <stdint.h>

/// The credentials of the process at the other end of a Unix socket, as the kernel recorded them at
/// connect() time. Same layout as Linux's `struct ucred`, which Swift's Glibc module hides because it
/// is only declared under _GNU_SOURCE; peer_credentials.c asserts the layouts match.
typedef struct hangul_peer_credentials {
    int32_t pid;
    uint32_t uid;
    uint32_t gid;
} hangul_peer_credentials;

/// Reads the peer credentials of the connected Unix socket `fd` with getsockopt(SO_PEERCRED).
/// Returns 0 on success, -1 with errno set otherwise.
int hangul_peer_credentials_get(int fd, hangul_peer_credentials *credentials);

/// Reads only the peer uid of the connected Unix socket `fd`. Returns 0 on success, -1 with errno set.
int hangul_peer_uid(int fd, uint32_t *uid);

#endif
