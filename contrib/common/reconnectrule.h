// PROTOCOL.md section 8.2's reconnect rule, the same in every frontend: this class for the C++ ones
// (the fcitx5 addon and hangul-wayland, tested from contrib/testing/frontend-contract-cases.json by
// the addon's contract_tests), ReconnectRule.swift for the IBus engine. After a reply misses the
// deadline, every input context passes keys through without asking the daemon for 1 s, then 2, 4, 8
// and 16 s after further timeouts in a row; one result in time ends the back-off. One per process,
// shared by every context.
#pragma once

#include <chrono>

namespace hanguld {

class ReconnectRule {
public:
    using Clock = std::chrono::steady_clock;

    /// The longest silence, reached after this many timeouts in a row: 1 << (5 - 1) = 16 s.
    static constexpr int longestStep = 5;

    /// A request missed its deadline at `now`.
    void timedOut(Clock::time_point now);
    /// A result arrived in time.
    void answered();
    /// Whether keys pass through without asking the daemon at `now`.
    bool isSilent(Clock::time_point now) const { return silent_ && now < silentUntil_; }
    /// Timeouts in a row, up to `longestStep`.
    int timeouts() const { return timeouts_; }

private:
    int timeouts_ = 0;
    bool silent_ = false;
    Clock::time_point silentUntil_{};
};

} // namespace hanguld
