import Testing

/// Polls `condition` until it holds or `seconds` pass; for state another thread changes.
func eventually(within seconds: Int = 10, _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while ContinuousClock.now < deadline {
        if condition() {
            return true
        }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return condition()
}

extension Trait where Self == TimeLimitTrait {
    /// The time limit of the suites that run processes and sockets: it turns a hung test (a blocked
    /// wait cannot be cancelled) into a failure. Swift Testing counts it from when the test is
    /// scheduled, and the whole suite schedules its tests at once on two cores, so a test may wait
    /// a minute or two before it runs: the bound is well above the whole run's length (about 140 s).
    static var hangGuard: Self { .timeLimit(.minutes(10)) }
}
