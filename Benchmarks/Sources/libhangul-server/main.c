/*
 * The C reference for hanguld's start-up (startup-bench): the least a daemon driving libhangul does
 * before it can answer a first key. It creates a libhangul input context for dubeolsik, listens on
 * the Unix socket given as its argument, and serves one connection at a time: each line received
 * gets one line back, a fixed reply to `hello` and, for a `key` request, what libhangul makes of
 * the keysym (commit and preedit as UTF-8 in JSON, and whether the key was consumed). It stops on
 * SIGTERM.
 *
 * Written for this benchmark against libhangul's public API (hangul.h). It is not a protocol
 * implementation: it reads only the keysym of a request and answers ASCII keys, which is all the
 * start-up probe sends.
 */
#include <hangul.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static size_t put_utf8(char *out, const ucschar *s) {
    size_t n = 0;
    for (; *s; s++) {
        ucschar c = *s;
        if (c < 0x80) {
            out[n++] = (char)c;
        } else if (c < 0x800) {
            out[n++] = (char)(0xC0 | (c >> 6));
            out[n++] = (char)(0x80 | (c & 0x3F));
        } else {
            out[n++] = (char)(0xE0 | (c >> 12));
            out[n++] = (char)(0x80 | ((c >> 6) & 0x3F));
            out[n++] = (char)(0x80 | (c & 0x3F));
        }
    }
    out[n] = 0;
    return n;
}

static int send_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = send(fd, bytes, length, MSG_NOSIGNAL);
        if (written <= 0) return -1;
        bytes += written;
        length -= (size_t)written;
    }
    return 0;
}

/* Answers one request line; returns -1 when the peer is gone. */
static int answer(int fd, HangulInputContext *hic, const char *line) {
    char reply[512];
    int length;
    const char *keysym = strstr(line, "\"keysym\":");
    if (strstr(line, "\"method\":\"hello\"")) {
        length = snprintf(reply, sizeof reply, "{\"id\":\"h\",\"result\":{\"protocol\":1,\"server\":\"libhangul\"}}\n");
    } else if (keysym) {
        long value = strtol(keysym + 9, NULL, 10);
        bool consumed = value > 0x20 && value < 0x7F && hangul_ic_process(hic, (int)value);
        char commit[64];
        char preedit[64];
        put_utf8(commit, hangul_ic_get_commit_string(hic));
        put_utf8(preedit, hangul_ic_get_preedit_string(hic));
        length = snprintf(reply, sizeof reply,
                          "{\"id\":1,\"result\":{\"handled\":%s,\"commit\":\"%s\",\"preedit\":\"%s\"}}\n",
                          consumed ? "true" : "false", commit, preedit);
    } else {
        length = snprintf(reply, sizeof reply, "{\"error\":{\"code\":\"unsupported\"}}\n");
    }
    return send_all(fd, reply, (size_t)length);
}

int main(int argc, char **argv) {
    if (argc != 2 || strlen(argv[1]) >= sizeof(((struct sockaddr_un *)0)->sun_path)) {
        fprintf(stderr, "usage: libhangul-server SOCKET-PATH\n");
        return 64;
    }
    signal(SIGPIPE, SIG_IGN);
    HangulInputContext *hic = hangul_ic_new("2");
    if (!hic) {
        fprintf(stderr, "libhangul-server: libhangul has no keyboard 2\n");
        return 1;
    }
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    memcpy(address.sun_path, argv[1], strlen(argv[1]) + 1);
    unlink(argv[1]);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 64) != 0) {
        perror("libhangul-server");
        return 1;
    }
    char buffer[4096];
    for (;;) {
        int fd = accept(listener, NULL, NULL);
        if (fd < 0) continue;
        hangul_ic_reset(hic);
        size_t used = 0;
        for (;;) {
            ssize_t got = read(fd, buffer + used, sizeof buffer - 1 - used);
            if (got <= 0) break;
            used += (size_t)got;
            buffer[used] = 0;
            char *newline;
            int gone = 0;
            while (!gone && (newline = memchr(buffer, '\n', used))) {
                *newline = 0;
                gone = answer(fd, hic, buffer) != 0;
                used -= (size_t)(newline + 1 - buffer);
                memmove(buffer, newline + 1, used);
            }
            if (gone || used == sizeof buffer - 1) break;
        }
        close(fd);
    }
}
