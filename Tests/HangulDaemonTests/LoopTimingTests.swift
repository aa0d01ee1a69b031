import HangulSystem
import Testing

@testable import HangulDaemon

/// The loop's arithmetic on time: the wait before a deadline and the accept-failure log's pacing.
@Suite struct LoopTimingTests {
    private static let now = MonotonicInstant.now

    private func wait(_ duration: Duration) -> Int32 {
        SocketLoop<UppercaseSessionFactory>.milliseconds(until: Self.now + duration, from: Self.now)
    }

    @Test func theWaitIsRoundedUpSoTheLoopNeverWakesJustBeforeADeadline() {
        #expect(self.wait(.nanoseconds(1)) == 1)
        #expect(self.wait(.milliseconds(2)) == 2)
        #expect(self.wait(.microseconds(2_001)) == 3)
        #expect(self.wait(.seconds(1) + .nanoseconds(1)) == 1_001)
    }

    @Test func aPassedDeadlineIsNoWaitAndAFarOneIsTheLongestWaitEpollTakes() {
        #expect(self.wait(.zero) == 0)
        #expect(self.wait(.nanoseconds(-1)) == 0)
        #expect(self.wait(.seconds(-5)) == 0)
        #expect(self.wait(.seconds(86_400 * 365)) == Int32.max)
        let never = MonotonicInstant(nanoseconds: .max)
        let origin = MonotonicInstant(nanoseconds: .min)
        #expect(SocketLoop<UppercaseSessionFactory>.milliseconds(until: never, from: origin) == Int32.max)
        #expect(SocketLoop<UppercaseSessionFactory>.milliseconds(until: origin, from: never) == 0)
    }

    @Test func acceptFailuresAreReportedAtMostOnceASecondWithHowManyThereWere() {
        var count = AcceptFailureCount()
        #expect(count.record(at: Self.now) == 1)
        #expect(count.record(at: Self.now + .milliseconds(10)) == nil)
        #expect(count.record(at: Self.now + .milliseconds(999)) == nil)
        #expect(count.record(at: Self.now + .seconds(1)) == 3)
        #expect(count.record(at: Self.now + .milliseconds(1_500)) == nil)
        #expect(count.record(at: Self.now + .seconds(3)) == 2)
    }
}
