#ifndef HANGUL_MALLOC_TRIM_H
#define HANGUL_MALLOC_TRIM_H

/// glibc's malloc_trim(0): gives the free pages of every malloc arena back to the kernel. Declared
/// in <malloc.h>, which Swift's Glibc module does not include. Returns 1 when memory was released.
int hangul_malloc_trim(void);

#endif
