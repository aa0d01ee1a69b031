extension HanjaTable.Storage {
    /// The entries whose key is exactly `key`, as a range of entry indices (empty when none), found by
    /// a binary search over the key records in `strcmp` order. Allocates nothing.
    func entries(forKey key: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        guard key.count <= maximumKeyLength else { return 0..<0 }
        return bytes.withUnsafeBufferPointer { bytes in
            keys.withUnsafeBufferPointer { keys in
                var low = 0
                var high = keys.count - 1
                while low < high {
                    let middle = Int(bitPattern: UInt(bitPattern: low &+ high) >> 1)
                    let record = keys[middle]
                    let comparison = compareBytes(bytes, Int(record.start), Int(record.length), key, 0, key.count)
                    if comparison == 0 {
                        return Int(record.firstEntry)..<Int(keys[middle + 1].firstEntry)
                    }
                    if comparison < 0 {
                        low = middle + 1
                    } else {
                        high = middle
                    }
                }
                return 0..<0
            }
        }
    }

    /// Whether two entries have the same value bytes.
    func sameValue(_ left: Int, _ other: HanjaTable.Storage, _ right: Int) -> Bool {
        let a = entries[left]
        let b = other.entries[right]
        guard a.valueLength == b.valueLength else { return false }
        return bytes.withUnsafeBufferPointer { leftBytes in
            other.bytes.withUnsafeBufferPointer { rightBytes in
                compareBytes(
                    leftBytes, a.valueStart, Int(a.valueLength), rightBytes, b.valueStart, Int(b.valueLength)) == 0
            }
        }
    }
}
