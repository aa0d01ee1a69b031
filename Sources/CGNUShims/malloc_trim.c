#include "malloc_trim.h"

#include <malloc.h>

int hangul_malloc_trim(void) { return malloc_trim(0); }
