/// The keys whose last press the engine handled and whose release has not come yet, held inline.
///
/// An application must see both halves of a key or neither: if the engine took the press of `r` for
/// ㄱ, the release must not reach the application either (PROTOCOL.md section 9.4). At most
/// ``capacity`` keys are remembered, oldest first in a ring of fixed inline storage, so marking a key
/// never allocates; past the bound the oldest mark is forgotten, and that key's release will then
/// pass through, which applications ignore. Every operation is a scan of at most 64 words.
struct PressedKeys: Sendable {
    /// How many marked keys are remembered (PROTOCOL.md section 10).
    static let capacity = 64

    /// Marked keys in order of marking, oldest at `start`, as `kind << 32 | value` (see ``key(of:)``).
    private var slots = InlineArray<64, UInt64>(repeating: 0)
    /// The ring index of the oldest mark.
    private var start = 0
    /// How many marks the ring holds.
    private(set) var count = 0

    /// The identity of an event's key: its keycode when it has one, since a release reports the same
    /// keycode as its press while the keysym may change with Shift; otherwise its keysym with ASCII
    /// letters folded to lower case, since Shift may go up before the letter (press `R`, release `r`).
    static func key(of event: KeyEvent) -> UInt64 {
        if let keycode = event.keycode { return 1 << 32 | UInt64(keycode) }
        return 2 << 32 | UInt64(event.keysym.foldingASCIICase.rawValue)
    }

    /// The ring index of the mark at `offset` from the oldest.
    private func index(_ offset: Int) -> Int { (start + offset) % Self.capacity }

    /// The offset of `key` from the oldest mark, or nil when it is not marked.
    private func offset(of key: UInt64) -> Int? {
        for offset in 0..<count where slots[index(offset)] == key { return offset }
        return nil
    }

    /// Whether `key` is marked.
    func contains(_ key: UInt64) -> Bool { offset(of: key) != nil }

    /// Marks a key whose press was handled, as the newest mark; forgets the oldest when full.
    mutating func mark(_ key: UInt64) {
        unmark(key)
        if count == Self.capacity {
            start = index(1)
            count -= 1
        }
        slots[index(count)] = key
        count += 1
    }

    /// Forgets a key; returns whether it was marked.
    @discardableResult
    mutating func unmark(_ key: UInt64) -> Bool {
        guard let found = offset(of: key) else { return false }
        // Close the gap so the ring stays in marking order.
        for offset in found..<(count - 1) {
            slots[index(offset)] = slots[index(offset + 1)]
        }
        count -= 1
        return true
    }
}
