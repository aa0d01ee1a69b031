/*
 * The C reference for the hangul-compose benchmark: what a small C program driving libhangul does
 * with the same input. Each line of standard input is key notation for dubeolsik (a character per
 * key, `<BackSpace>` and `<space>` named) typed into a fresh field, as hangul-compose does; the
 * line printed is the text the field then holds: commits in order, a key libhangul did not
 * consume inserted after its commit, a BackSpace it did not consume deleting the previous
 * character, and a final flush. Output is UTF-8, one line per input line.
 *
 * Written for this benchmark against libhangul's public API (hangul.h); buffered stdio, a reused
 * line buffer, no allocation per key: the way a careful C programmer would write it.
 */
#include <hangul.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static ucschar *text;
static size_t text_length, text_capacity;

static void append(const ucschar *s) {
    for (; *s; s++) {
        if (text_length == text_capacity) {
            text_capacity = text_capacity ? text_capacity * 2 : 4096;
            text = realloc(text, text_capacity * sizeof *text);
            if (!text) {
                perror("libhangul-compose");
                exit(1);
            }
        }
        text[text_length++] = *s;
    }
}

static void append_char(ucschar c) {
    ucschar s[2] = {c, 0};
    append(s);
}

static void put_utf8(ucschar c) {
    if (c < 0x80) {
        putchar_unlocked((int)c);
    } else if (c < 0x800) {
        putchar_unlocked((int)(0xC0 | (c >> 6)));
        putchar_unlocked((int)(0x80 | (c & 0x3F)));
    } else if (c < 0x10000) {
        putchar_unlocked((int)(0xE0 | (c >> 12)));
        putchar_unlocked((int)(0x80 | ((c >> 6) & 0x3F)));
        putchar_unlocked((int)(0x80 | (c & 0x3F)));
    } else {
        putchar_unlocked((int)(0xF0 | (c >> 18)));
        putchar_unlocked((int)(0x80 | ((c >> 12) & 0x3F)));
        putchar_unlocked((int)(0x80 | ((c >> 6) & 0x3F)));
        putchar_unlocked((int)(0x80 | (c & 0x3F)));
    }
}

int main(int argc, char **argv) {
    const char *layout = argc > 1 ? argv[1] : "2";
    HangulInputContext *hic = hangul_ic_new(layout);
    if (!hic) {
        fprintf(stderr, "libhangul-compose: unknown layout %s\n", layout);
        return 64;
    }
    setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    char *line = NULL;
    size_t line_capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &line_capacity, stdin)) >= 0) {
        if (length > 0 && line[length - 1] == '\n') line[--length] = 0;
        hangul_ic_reset(hic);
        text_length = 0;
        for (ssize_t i = 0; i < length; i++) {
            char c = line[i];
            if (c == '<') {
                const char *close = memchr(line + i, '>', (size_t)(length - i));
                if (!close) {
                    fprintf(stderr, "libhangul-compose: unterminated <\n");
                    return 1;
                }
                size_t name_length = (size_t)(close - (line + i) - 1);
                if (name_length == 9 && memcmp(line + i + 1, "BackSpace", 9) == 0) {
                    if (!hangul_ic_backspace(hic) && text_length > 0) text_length--;
                } else if (name_length == 5 && memcmp(line + i + 1, "space", 5) == 0) {
                    append(hangul_ic_flush(hic));
                    append_char(' ');
                } else {
                    fprintf(stderr, "libhangul-compose: unsupported key name\n");
                    return 1;
                }
                i = close - line;
                continue;
            }
            if (c == ' ') {
                append(hangul_ic_flush(hic));
                append_char(' ');
                continue;
            }
            bool consumed = hangul_ic_process(hic, (unsigned char)c);
            append(hangul_ic_get_commit_string(hic));
            if (!consumed) append_char((unsigned char)c);
        }
        append(hangul_ic_flush(hic));
        for (size_t k = 0; k < text_length; k++) put_utf8(text[k]);
        putchar_unlocked('\n');
    }
    free(line);
    free(text);
    hangul_ic_delete(hic);
    return ferror(stdout) ? 1 : 0;
}
