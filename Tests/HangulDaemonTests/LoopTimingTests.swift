import HangulSystem
import Testing

@testable import HangulDaemon

/// The loop's arithmetic on time: the accept-failure log's pacing. (The wait before a deadline is
/// `MonotonicInstant.milliseconds(until:)`, tested with it.)
@Suite struct LoopTimingTests {
    private static let now = MonotonicInstant.now

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
