// Names, first of all the program's objects, the shared-library functions a key calls, so that lld
// gives them the first slots of the PLT and of .got.plt.
//
// Why: every call into a shared library jumps through a 16-byte PLT stub that reads an 8-byte
// .got.plt slot, and lld numbers the slots in the order its symbol table first met each name: the
// first object file on the link line first (this file: CGNUShims is the first target, and `call_`
// sorts before the other files). Left to that order, the eleven functions a key calls had their
// stubs on two pages of code and their slots on nine lines (lackey, README "The key at typing
// speed, seventh round"); named here first, they take four lines of stubs on one page and two
// lines of slots. Nothing here runs: the table below is referenced by nothing, so --gc-sections
// drops it, but the names were already met. A name dropped from this list costs a line, never
// correctness.

#include <stddef.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <unistd.h>

// The Swift runtime's entry points a key calls. Only their names matter here (nothing calls them
// through these declarations), so each is declared with no particular signature.
extern void swift_retain(void);
extern void swift_release(void);
extern void swift_bridgeObjectRelease(void);
extern void swift_isUniquelyReferenced_nonNull_native(void);
extern void swift_bridgeObjectRetain(void);

// In the order a key first calls them (the loop's wait, the read, the session, the reply).
__attribute__((used)) static void (*const hangul_calls_per_key[])(void) = {
    (void (*)(void))epoll_wait,
    (void (*)(void))read,
    (void (*)(void))memchr,
    swift_retain,
    swift_release,
    swift_isUniquelyReferenced_nonNull_native,
    swift_bridgeObjectRelease,
    swift_bridgeObjectRetain,
    (void (*)(void))memcpy,
    (void (*)(void))memmove,
    (void (*)(void))send,
};
