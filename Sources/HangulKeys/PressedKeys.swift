/// The keys whose press the engine handled and whose release has not come yet, held inline.
///
/// An application must see both halves of a key or neither: if the engine took the press of `r` for
/// ㄱ, the release must not reach the application either. A handful of keys can be down at once, so
/// a fixed inline array with a linear scan does, and a key never allocates. When all slots are used
/// the oldest entry is replaced: its release will then be passed through, which applications ignore.
struct PressedKeys: Sendable {
    static let capacity = 8

    /// Keys as `kind << 32 | value`: kind 1 for a keycode, 2 for a keysym; 0 is an empty slot.
    private var slots = InlineArray<8, UInt64>(repeating: 0)
    /// The slot the next insertion overwrites when every slot is taken.
    private var nextVictim = 0

    /// The slot value for an event: its keycode when it has one, otherwise its keysym, since a
    /// release reports the same keycode as its press while the keysym may change with Shift.
    static func key(of event: KeyEvent) -> UInt64 {
        if let keycode = event.keycode { return 1 << 32 | UInt64(keycode) }
        return 2 << 32 | UInt64(event.keysym.rawValue)
    }

    /// Remembers a handled press.
    mutating func insert(_ key: UInt64) {
        var free: Int?
        for index in 0..<Self.capacity {
            if slots[index] == key { return }
            if free == nil, slots[index] == 0 { free = index }
        }
        if let free {
            slots[free] = key
        } else {
            slots[nextVictim] = key
            nextVictim = (nextVictim + 1) % Self.capacity
        }
    }

    /// Forgets a key; returns whether it was remembered.
    @discardableResult
    mutating func remove(_ key: UInt64) -> Bool {
        for index in 0..<Self.capacity where slots[index] == key {
            slots[index] = 0
            return true
        }
        return false
    }

    /// Forgets every key.
    mutating func removeAll() {
        for index in 0..<Self.capacity { slots[index] = 0 }
    }
}
