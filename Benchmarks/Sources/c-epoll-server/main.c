// The floor for the daemon's socket loop: a minimal C server on one thread, level-triggered
// epoll on the listening socket and every connection, answering each request line at once with
// the daemon's own reply to the same key (replies[id % count], recorded by hanguld-bench), so both
// move the same bytes through the same system calls: epoll_wait, read, send. No sessions, no JSON,
// no limits: nothing a real daemon could leave out, and nothing more.
//
// Usage: c-epoll-server SOCKET REPLIES-FILE (one reply per line). Serves until killed.
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

enum { MAX_LINE = 65536, MAX_EVENTS = 64 };

struct connection {
    int fd;
    size_t length;
    char buffer[MAX_LINE];
};

static char **replies;
static size_t *reply_lengths;
static size_t reply_count;

static void load_replies(const char *path) {
    FILE *file = fopen(path, "r");
    if (!file) {
        perror(path);
        exit(1);
    }
    // Counted first, so the arrays are allocated once, every element set.
    char *line = NULL;
    size_t size = 0;
    while (getline(&line, &size, file) > 0) reply_count++;
    if (reply_count == 0) {
        fprintf(stderr, "no replies in %s\n", path);
        exit(1);
    }
    replies = calloc(reply_count, sizeof *replies);
    reply_lengths = calloc(reply_count, sizeof *reply_lengths);
    if (!replies || !reply_lengths) exit(1);
    rewind(file);
    for (size_t index = 0; index < reply_count; index++) {
        ssize_t length = getline(&line, &size, file);
        if (length <= 0) exit(1);
        replies[index] = strndup(line, (size_t)length);
        reply_lengths[index] = (size_t)length;
    }
    free(line);
    fclose(file);
}

// The integer after {"id": at the start of a request line, 0 when there is none.
static size_t request_id(const char *line, size_t length) {
    static const char prefix[] = "{\"id\":";
    size_t prefix_length = sizeof prefix - 1;
    if (length <= prefix_length || memcmp(line, prefix, prefix_length) != 0) return 0;
    size_t value = 0;
    for (size_t i = prefix_length; i < length && line[i] >= '0' && line[i] <= '9'; i++) {
        value = value * 10 + (size_t)(line[i] - '0');
    }
    return value;
}

// Reads what is there and answers every complete line; returns 0 when the connection is done.
static int serve(struct connection *connection) {
    ssize_t count = read(connection->fd, connection->buffer + connection->length, MAX_LINE - connection->length);
    if (count < 0) return errno == EAGAIN || errno == EINTR;
    if (count == 0) return 0;
    connection->length += (size_t)count;
    size_t start = 0;
    char *newline;
    while ((newline = memchr(connection->buffer + start, '\n', connection->length - start))) {
        size_t end = (size_t)(newline - connection->buffer);
        size_t id = request_id(connection->buffer + start, end - start) % reply_count;
        if (send(connection->fd, replies[id], reply_lengths[id], MSG_NOSIGNAL) < 0) return 0;
        start = end + 1;
    }
    memmove(connection->buffer, connection->buffer + start, connection->length - start);
    connection->length -= start;
    return connection->length < MAX_LINE;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: c-epoll-server SOCKET REPLIES-FILE\n");
        return 64;
    }
    load_replies(argv[2]);
    int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
    unlink(argv[1]);
    if (bind(listener, (struct sockaddr *)&address, sizeof address) != 0 || listen(listener, 4096) != 0) {
        perror(argv[1]);
        return 1;
    }
    int epoll = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event event = {.events = EPOLLIN, .data.ptr = NULL};
    epoll_ctl(epoll, EPOLL_CTL_ADD, listener, &event);
    struct epoll_event events[MAX_EVENTS];
    for (;;) {
        int ready = epoll_wait(epoll, events, MAX_EVENTS, -1);
        for (int i = 0; i < ready; i++) {
            struct connection *connection = events[i].data.ptr;
            if (!connection) {
                int fd = accept4(listener, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
                if (fd < 0) continue;
                connection = malloc(sizeof *connection);
                connection->fd = fd;
                connection->length = 0;
                struct epoll_event added = {.events = EPOLLIN, .data.ptr = connection};
                epoll_ctl(epoll, EPOLL_CTL_ADD, fd, &added);
            } else if (!serve(connection)) {
                close(connection->fd);
                free(connection);
            }
        }
    }
}
