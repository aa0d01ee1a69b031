extension HanjaTable.Storage {
    /// Keys whose first character is in U+A000…U+DFFF (UTF-8 lead bytes EA…ED), which holds every
    /// Hangul syllable, fall into one bucket per first character; keys before that range share one
    /// bucket and keys after it another. A lookup binary-searches its bucket only: the system
    /// dictionary's 222,705 keys start with 1,167 syllables, 191 keys each on average, 13 for the
    /// median syllable and 3,129 at most.
    static let bucketCount = 4 << 12

    /// The bucket of a key from its prefix: 0 for keys before the Hangul range, 1 … ``bucketCount``
    /// for a first character inside it, ``bucketCount`` + 1 after it. Monotonic in the key's order.
    @inline(__always)
    static func bucketOrdinal(_ prefix: UInt64) -> Int {
        let lead = prefix >> 56
        if lead < 0xEA { return 0 }
        if lead > 0xED { return bucketCount + 1 }
        let high: UInt64 = (lead - 0xEA) << 12
        let middle: UInt64 = ((prefix >> 48) & 0x3F) << 6
        let low: UInt64 = (prefix >> 40) & 0x3F
        return Int(high | middle | low) + 1
    }

    /// Fills `starts` (``bucketCount`` + 3 slots) with where each bucket of `keys` starts.
    static func fillBucketStarts(_ keys: UnsafeBufferPointer<UInt64>, _ starts: UnsafeMutableBufferPointer<UInt32>) {
        let keyCount = keys.count / 3 - 1
        starts.initialize(repeating: UInt32(keyCount))
        var next = 0
        for index in 0..<keyCount {
            let ordinal = bucketOrdinal(keys[3 * index])
            while next <= ordinal {
                starts[next] = UInt32(index)
                next += 1
            }
        }
    }

    /// The entries whose key is exactly `key`, as a range of entry indices (empty when none), found by
    /// a binary search over the key's bucket in `strcmp` order. Allocates nothing.
    func entries(forKey key: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        guard !key.isEmpty, key.count <= maximumKeyLength else { return 0..<0 }
        let high = keyPrefix(key, 0, key.count)
        let low = key.count > 8 ? keyPrefix(key, 8, key.count - 8) : 0
        let ordinal = Self.bucketOrdinal(high)
        return withExtendedLifetime(self) {
            var lower = Int(bucketStarts[ordinal])
            var upper = Int(bucketStarts[ordinal + 1])
            while lower < upper {
                let middle = Int(bitPattern: UInt(bitPattern: lower &+ upper) >> 1)
                let record = 3 &* middle
                let candidateHigh = keys[record]
                var comparison: Int
                if candidateHigh != high {
                    comparison = candidateHigh < high ? -1 : 1
                } else if keys[record &+ 1] != low {
                    comparison = keys[record &+ 1] < low ? -1 : 1
                } else {
                    let length = Int(keys[record &+ 2] >> 32)
                    if length > 16 && key.count > 16 {
                        let entry = entries[Int(UInt32(truncatingIfNeeded: keys[record &+ 2]))]
                        comparison = compareAfterPrefixes(bytes, Int(entry.keyStart), length, key, 0, key.count)
                    } else {
                        comparison = length == key.count ? 0 : (length < key.count ? -1 : 1)
                    }
                }
                if comparison == 0 {
                    let first = Int(UInt32(truncatingIfNeeded: keys[record &+ 2]))
                    return first..<Int(UInt32(truncatingIfNeeded: keys[record &+ 5]))
                }
                if comparison < 0 {
                    lower = middle + 1
                } else {
                    upper = middle
                }
            }
            return 0..<0
        }
    }

    /// Whether two entries have the same value bytes.
    func sameValue(_ left: Int, _ other: HanjaTable.Storage, _ right: Int) -> Bool {
        let a = entries[left]
        let b = other.entries[right]
        guard a.valueLength == b.valueLength else { return false }
        return withExtendedLifetime((self, other)) {
            compareBytes(bytes, a.valueStart, Int(a.valueLength), other.bytes, b.valueStart, Int(b.valueLength)) == 0
        }
    }
}
