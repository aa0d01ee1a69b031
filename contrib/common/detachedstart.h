// Starting hanguld from a frontend when nothing listens on its socket (PROTOCOL.md section 2): the
// one way the C++ frontends do it, so the daemon is detached the same from fcitx5 and hangul-wayland.
// When to start one (how often, which executable, whether at all) is each frontend's own rule.
#pragma once

#include <string>

namespace hanguld {

/// Runs `program` with no arguments, detached twice over: its own session, reparented to init, so the
/// caller has no child to reap and the daemon outlives a restart of the input method. Standard input
/// and output are /dev/null and no other descriptor of the caller's (D-Bus, the display, the
/// compositor) stays open in it; standard error stays the caller's, so the daemon's log lands where
/// the frontend's does. Waits only for the short-lived middle process. False when fork fails; a
/// program that cannot run shows up as nobody listening.
bool startDetached(const std::string &program);

} // namespace hanguld
