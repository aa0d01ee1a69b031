// struct ucred and SO_PEERCRED's documented use are only declared under _GNU_SOURCE.
#define _GNU_SOURCE
#include "peer_credentials.h"

#include <errno.h>
#include <stddef.h>
#include <sys/socket.h>

_Static_assert(sizeof(struct ucred) == sizeof(hangul_peer_credentials), "struct ucred layout changed");
_Static_assert(offsetof(struct ucred, pid) == offsetof(hangul_peer_credentials, pid), "ucred.pid moved");
_Static_assert(offsetof(struct ucred, uid) == offsetof(hangul_peer_credentials, uid), "ucred.uid moved");
_Static_assert(offsetof(struct ucred, gid) == offsetof(hangul_peer_credentials, gid), "ucred.gid moved");

int hangul_peer_credentials_get(int fd, hangul_peer_credentials *credentials) {
    struct ucred cred;
    socklen_t length = sizeof(cred);
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) != 0) {
        return -1;
    }
    // A short answer would leave fields uninitialised; treat it as a failure rather than trust it.
    if (length != sizeof(cred)) {
        errno = EINVAL;
        return -1;
    }
    credentials->pid = cred.pid;
    credentials->uid = cred.uid;
    credentials->gid = cred.gid;
    return 0;
}

int hangul_peer_uid(int fd, uint32_t *uid) {
    hangul_peer_credentials credentials;
    if (hangul_peer_credentials_get(fd, &credentials) != 0) {
        return -1;
    }
    *uid = credentials.uid;
    return 0;
}
