#ifndef HANGUL_CLIBHANGUL_SHIM_H
#define HANGUL_CLIBHANGUL_SHIM_H
#include <hangul.h>
#endif
