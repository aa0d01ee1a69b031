#ifndef HANGUL_CXKBCOMMON_SHIM_H
#define HANGUL_CXKBCOMMON_SHIM_H
#include <xkbcommon/xkbcommon.h>
#endif
