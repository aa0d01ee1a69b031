// When a Caps Lock tap that switched the mode must set the X server's lock back (PROTOCOL.md section
// 9.9). The server turns the lock at the press, before any input method sees it, so the press reports
// the lock as it was. Once the daemon's reply to the release says the tap switched the mode (its mode
// differs from the one before; it is not `handled`, as its press was not), the frontend sets the lock
// back to the press's state. A release that did
// not switch (Caps Lock held with a letter, Shift+Caps Lock, Caps Lock in no key list) leaves the lock
// turned, as Caps Lock. Pure C++, the IBus engine's CapsLockTap (Swift) in the same terms.
#pragma once

#include <cstdint>
#include <optional>

namespace hanguld {

class CapsLockTap {
public:
    static constexpr uint32_t keysym = 0xFFE5; ///< X11's Caps_Lock
    static constexpr uint32_t lockBit = 2;     ///< X11's LockMask

    /// Notes a press of Caps Lock with the modifiers it reported; other keys are ignored.
    void pressed(uint32_t pressedKeysym, uint32_t modifiers) {
        if (pressedKeysym == keysym) {
            lockAtPress_ = (modifiers & lockBit) != 0;
        }
    }

    /// For a release and the daemon's reply to it: the lock to set (on or off), or nothing.
    std::optional<bool> lockToRestore(uint32_t releasedKeysym, bool modeChanged) {
        if (releasedKeysym != keysym) {
            return std::nullopt;
        }
        std::optional<bool> lock = modeChanged ? lockAtPress_ : std::nullopt;
        lockAtPress_.reset();
        return lock;
    }

private:
    std::optional<bool> lockAtPress_;
};

} // namespace hanguld
