/// The keys whose last press the engine handled and whose release has not come yet, held inline.
///
/// An application must see both halves of a key or neither: if the engine took the press of `r` for
/// ㄱ, the release must not reach the application either (PROTOCOL.md section 9.4). At most
/// ``capacity`` keys are remembered in fixed inline storage, so marking a key never allocates; past
/// the bound the oldest mark is forgotten, and that key's release will then pass through, which
/// applications ignore.
///
/// The marks are kept in no order, each with the time it was made on a counter of marks, rather
/// than as a ring in marking order: marking a key that is already marked (every press of a key
/// whose release never came, as with a frontend that sends no releases) then updates one time
/// instead of closing a gap in the ring, and forgetting a mark moves the last one into its place.
/// Marking and releasing are one scan of the marks held; only marking a new key when all
/// ``capacity`` are held scans the times for the oldest. Times are 16 bits, 128 bytes a session
/// (a daemon holds a thousand idle ones), and renumbered in order once the counter runs out.
struct PressedKeys: Sendable {
    /// How many marked keys are remembered (PROTOCOL.md section 10).
    static let capacity = 64

    /// The marked keys, the first ``count`` of them in use, as `kind << 32 | value` (see ``key(of:)``).
    private var keys = InlineArray<64, UInt64>(repeating: 0)
    /// When each key in ``keys`` was marked, by ``clock``: the smallest is the oldest mark, and no
    /// two are equal.
    private var markedAt = InlineArray<64, UInt16>(repeating: 0)
    /// The time of the newest mark.
    private var clock: UInt16 = 0
    /// How many marks are held.
    private(set) var count = 0

    /// The identity of an event's key: its keycode when it has one, since a release reports the same
    /// keycode as its press while the keysym may change with Shift; otherwise its keysym with ASCII
    /// letters folded to lower case, since Shift may go up before the letter (press `R`, release `r`).
    static func key(of event: KeyEvent) -> UInt64 {
        if let keycode = event.keycode { return 1 << 32 | UInt64(keycode) }
        return 2 << 32 | UInt64(event.keysym.foldingASCIICase.rawValue)
    }

    /// Where `key` is in ``keys``, or nil when it is not marked.
    private func index(of key: UInt64) -> Int? {
        for index in 0..<count where keys[index] == key { return index }
        return nil
    }

    /// Whether `key` is marked.
    func contains(_ key: UInt64) -> Bool { index(of: key) != nil }

    /// Marks a key whose press was handled, as the newest mark; forgets the oldest when full.
    mutating func mark(_ key: UInt64) {
        if clock == .max { renumber() }
        clock += 1
        // The scan is written out here and in `unmark` rather than calling `index(of:)`: a
        // non-mutating call from a mutating one copied all 640 bytes of marks on every key.
        for index in 0..<count where keys[index] == key {
            markedAt[index] = clock
            return
        }
        guard count == Self.capacity else {
            keys[count] = key
            markedAt[count] = clock
            count += 1
            return
        }
        var oldest = 0
        for index in 1..<count where markedAt[index] < markedAt[oldest] { oldest = index }
        keys[oldest] = key
        markedAt[oldest] = clock
    }

    /// Forgets a key; returns whether it was marked.
    @discardableResult
    mutating func unmark(_ key: UInt64) -> Bool {
        for index in 0..<count where keys[index] == key {
            count -= 1
            keys[index] = keys[count]
            markedAt[index] = markedAt[count]
            return true
        }
        return false
    }

    /// Gives the marks the times 1 through ``count`` in the order they were made, and sets the
    /// clock to ``count``: once every 65,535 marks, a few thousand comparisons.
    private mutating func renumber() {
        var ranks = InlineArray<64, UInt16>(repeating: 0)
        for index in 0..<count {
            var rank: UInt16 = 1
            for other in 0..<count where markedAt[other] < markedAt[index] { rank += 1 }
            ranks[index] = rank
        }
        for index in 0..<count { markedAt[index] = ranks[index] }
        clock = UInt16(count)
    }
}
