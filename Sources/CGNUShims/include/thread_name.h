#ifndef HANGUL_THREAD_NAME_H
#define HANGUL_THREAD_NAME_H

// pthread_setname_np for the calling thread (declared only under _GNU_SOURCE). Names longer than
// 15 bytes are refused by the kernel; the caller cuts them.
int hangul_set_thread_name(const char *name);

#endif
