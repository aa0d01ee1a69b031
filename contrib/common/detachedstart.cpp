#include "detachedstart.h"

#include <cerrno>
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace hanguld {

bool startDetached(const std::string &program) {
    // Everything the child needs is prepared before fork: after it, only async-signal-safe calls.
    const char *path = program.c_str();
    char *const argv[] = {const_cast<char *>(path), nullptr};
    pid_t child = fork();
    if (child < 0) {
        return false;
    }
    if (child == 0) {
        setsid();
        if (fork() != 0) {
            _exit(0);
        }
        int null = open("/dev/null", O_RDWR);
        if (null >= 0) {
            dup2(null, 0);
            dup2(null, 1);
        }
        close_range(3, ~0U, 0);
        execv(path, argv);
        _exit(127);
    }
    int status = 0;
    while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    return true;
}

} // namespace hanguld
