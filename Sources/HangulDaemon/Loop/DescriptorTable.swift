/// The socket loop's connections by descriptor: an array indexed by the descriptor's number.
///
/// Why not a `Dictionary`: the loop looks a connection up on every event, and hashing an `Int32`
/// (SipHash) on each key was a few percent of the daemon's time per key at typing speed (perf,
/// 20 keys/s). Descriptors are small numbers the kernel hands out lowest first, so the array stays
/// as long as the highest descriptor ever served, bounded by the descriptor limit.
struct DescriptorTable<Value: AnyObject> {
    private var slots: [Value?] = []
    /// How many descriptors have a value.
    private(set) var count = 0

    var isEmpty: Bool { self.count == 0 }

    /// Every value, in descriptor order.
    var values: [Value] { self.slots.compactMap { $0 } }

    /// The value for `descriptor`, nil when none; a negative descriptor never has one.
    subscript(descriptor: Int32) -> Value? {
        get {
            guard descriptor >= 0, Int(descriptor) < self.slots.count else { return nil }
            return self.slots[Int(descriptor)]
        }
        set {
            guard descriptor >= 0 else { return }
            let index = Int(descriptor)
            if index >= self.slots.count {
                guard newValue != nil else { return }
                self.slots.append(contentsOf: repeatElement(nil, count: index + 1 - self.slots.count))
            }
            switch (self.slots[index] == nil, newValue == nil) {
            case (true, false): self.count += 1
            case (false, true): self.count -= 1
            default: break
            }
            self.slots[index] = newValue
        }
    }
}
