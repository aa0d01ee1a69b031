#include "reconnectrule.h"

namespace hanguld {

void ReconnectRule::timedOut(Clock::time_point now) {
    timeouts_ = timeouts_ < longestStep ? timeouts_ + 1 : longestStep;
    silent_ = true;
    silentUntil_ = now + std::chrono::seconds(1 << (timeouts_ - 1));
}

void ReconnectRule::answered() {
    timeouts_ = 0;
    silent_ = false;
}

} // namespace hanguld
