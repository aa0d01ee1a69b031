/// Decides when closed sessions' memory is worth giving back to the system
/// (``HangulSystem/CurrentProcess/returnFreedMemory()``): at least ``minimum`` connections closed
/// since the last time and at most half of the peak still open. A burst that opens and closes a
/// thousand sessions so gives memory back a handful of times, not a thousand.
struct MemoryReturnGauge {
    /// The fewest closed connections worth giving memory back for: one session holds a few kB.
    static let minimum = 16

    /// The most connections served at once since memory was last given back.
    private var peak = 0

    /// A connection was admitted; `open` includes it.
    mutating func opened(open: Int) {
        self.peak = max(self.peak, open)
    }

    /// Whether it is time, with `open` connections left; resets the peak when it is.
    mutating func isDue(open: Int) -> Bool {
        guard self.peak - open >= Self.minimum, open * 2 <= self.peak else { return false }
        self.peak = open
        return true
    }
}
