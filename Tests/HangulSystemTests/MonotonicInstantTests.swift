import HangulSystem
import Testing

/// The clock every deadline is kept in: arithmetic with `Duration` that neither traps nor wraps, and
/// the wait `poll` and `epoll_wait` are given.
@Suite struct MonotonicInstantTests {
    private let origin = MonotonicInstant(nanoseconds: 1_000_000_000)

    @Test func addingADurationMovesByItsNanosecondsEitherWay() {
        #expect((self.origin + .milliseconds(5)).nanoseconds == 1_005_000_000)
        #expect((self.origin + .seconds(-1)).nanoseconds == 0)
        #expect((self.origin + .nanoseconds(1)).nanoseconds == 1_000_000_001)
        #expect((self.origin + .seconds(2) + .nanoseconds(-3)).nanoseconds == 2_999_999_997)
    }

    @Test func subtractingADurationIsAddingItsNegation() {
        #expect((self.origin - .milliseconds(5)).nanoseconds == 995_000_000)
        #expect((self.origin - .seconds(-1)).nanoseconds == 2_000_000_000)
        #expect((self.origin - .seconds(Int64.max / 2)).nanoseconds == .min)
    }

    @Test func aDeadlineBeyondTheRangeSaturatesRatherThanTrapping() {
        #expect((self.origin + .seconds(Int64.max / 2)).nanoseconds == .max)
        #expect((self.origin + .seconds(-(Int64.max / 2))).nanoseconds == .min)
        #expect((MonotonicInstant(nanoseconds: .max - 1) + .nanoseconds(5)).nanoseconds == .max)
    }

    @Test func theDifferenceOfTwoInstantsIsTheDurationBetweenThem() {
        let later = self.origin + .microseconds(2_500)
        #expect(later - self.origin == .microseconds(2_500))
        #expect(self.origin - later == .microseconds(-2_500))
        #expect(self.origin < later)
    }

    private func wait(_ duration: Duration) -> Int32 {
        self.origin.milliseconds(until: self.origin + duration)
    }

    @Test func theWaitForADeadlineIsRoundedUpSoNoWaitEndsJustBeforeIt() {
        #expect(self.wait(.nanoseconds(1)) == 1)
        #expect(self.wait(.milliseconds(2)) == 2)
        #expect(self.wait(.microseconds(2_001)) == 3)
        #expect(self.wait(.seconds(1) + .nanoseconds(1)) == 1_001)
    }

    @Test func aPassedDeadlineIsNoWaitAndAFarOneIsTheLongestWaitPollTakes() {
        #expect(self.wait(.zero) == 0)
        #expect(self.wait(.nanoseconds(-1)) == 0)
        #expect(self.wait(.seconds(-5)) == 0)
        #expect(self.wait(.seconds(86_400 * 365)) == Int32.max)
        let latest = MonotonicInstant(nanoseconds: .max)
        let earliest = MonotonicInstant(nanoseconds: .min)
        #expect(earliest.milliseconds(until: latest) == Int32.max)
        #expect(latest.milliseconds(until: earliest) == 0)
    }

    @Test func nowNeverGoesBackwards() {
        var previous = MonotonicInstant.now
        for _ in 0..<1_000 {
            let next = MonotonicInstant.now
            #expect(next >= previous)
            previous = next
        }
        #expect(previous.nanoseconds > 0)
    }
}
