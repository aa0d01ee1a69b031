import HangulFrontendContract
import Testing

@Suite struct ReconnectRuleTests {
    static let start = ContinuousClock.now

    @Test func aNewRuleAsksTheDaemonAtOnce() {
        #expect(!ReconnectRule().isSilent(at: Self.start))
    }

    @Test func eachTimeoutInARowDoublesTheSilenceUpToSixteenSeconds() {
        var rule = ReconnectRule()
        var now = Self.start
        for seconds in [1, 2, 4, 8, 16, 16, 16] {
            rule.timedOut(at: now)
            #expect(rule.isSilent(at: now + .seconds(seconds) - .milliseconds(1)))
            #expect(!rule.isSilent(at: now + .seconds(seconds)))
            now += .seconds(seconds)
        }
        #expect(rule.timeouts == 5)
    }

    @Test func anAnswerInTimeEndsTheBackOff() {
        var rule = ReconnectRule()
        rule.timedOut(at: Self.start)
        rule.timedOut(at: Self.start + .seconds(1))
        rule.answered()
        #expect(!rule.isSilent(at: Self.start + .seconds(1)))
        rule.timedOut(at: Self.start + .seconds(2))
        #expect(!rule.isSilent(at: Self.start + .seconds(3)))
    }
}
