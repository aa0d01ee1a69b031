import HangulKeys

extension Request {
    /// Reads a `key` request written in the one shape frontends send while typing, without building a
    /// ``JSONValue`` tree; nil for any other line, which then takes the general path.
    ///
    /// The shape, with no whitespace anywhere:
    /// `{"id":N,"method":"key","params":{M,…}}` where `N` is a non-negative integer of at most 18
    /// digits and each `M` is one of `"keysym":N`, `"keycode":N`, `"modifiers":N`, `"release":true`
    /// or `"release":false`, each name at most once, `keysym` among them, every value within its
    /// range. Anything else (whitespace, other members or orders, escapes, duplicates, string ids, a
    /// value the general path would refuse) returns nil, so this path never has to word an error and
    /// accepts only lines the general path reads to the same ``Request``: a test checks both agree.
    ///
    /// Why: per `key` request the general path built two member arrays (six allocations), a
    /// `String` per member name and a tree to look them up in. Skipping it took about 1 µs off the
    /// one-client round trip (two daemons side by side on one CPU, alternating blocks of requests:
    /// 16.2 → 15.3 µs p50 with the earlier allocation cuts, 19.2 → 18.1 µs on a busier run).
    static func parseCanonicalKey(_ line: UnsafeRawBufferPointer) -> Request? {
        var reader = CanonicalKeyReader(bytes: line)
        return reader.request()
    }
}

/// The cursor behind ``Request/parseCanonicalKey(_:)``: it only ever moves forward over `bytes`, and
/// every read checks `index < bytes.count` first, so no input can read out of bounds.
private struct CanonicalKeyReader {
    let bytes: UnsafeRawBufferPointer
    var index = 0

    /// More than 18 digits might not fit `Int64`; such ids take the general path.
    private static let maxDigits = 18

    mutating func request() -> Request? {
        guard skip(#"{"id":"#), let id = integer(),
            skip(#","method":"key","params":{"#)
        else { return nil }
        var keysym: Int64?
        var keycode: Int64?
        var modifiers: Int64?
        var release: Bool?
        if !skip("}") {
            repeat {
                if skip(#""keysym":"#) {
                    guard keysym == nil, let value = integer() else { return nil }
                    keysym = value
                } else if skip(#""keycode":"#) {
                    guard keycode == nil, let value = integer() else { return nil }
                    keycode = value
                } else if skip(#""modifiers":"#) {
                    guard modifiers == nil, let value = integer() else { return nil }
                    modifiers = value
                } else if skip(#""release":"#) {
                    guard release == nil else { return nil }
                    if skip("true") {
                        release = true
                    } else if skip("false") {
                        release = false
                    } else {
                        return nil
                    }
                } else {
                    return nil
                }
            } while skip(",")
            guard skip("}") else { return nil }
        }
        guard skip("}"), index == bytes.count else { return nil }
        // The ranges are the general path's (`KeyEvent(reading:)`); outside them it words the error.
        guard let keysym, keysym <= Int64(KeyEvent.maxKeysym) else { return nil }
        if let keycode,
            !(Int64(KeyEvent.keycodeRange.lowerBound)...Int64(KeyEvent.keycodeRange.upperBound)).contains(keycode)
        {
            return nil
        }
        if let modifiers, modifiers > Int64(UInt32.max) { return nil }
        let key = KeyEvent(
            keysym: Keysym(rawValue: UInt32(truncatingIfNeeded: keysym)),
            keycode: keycode.map { UInt32(truncatingIfNeeded: $0) },
            modifiers: ModifierMask(rawValue: UInt32(truncatingIfNeeded: modifiers ?? 0)).intersection(.core),
            isRelease: release ?? false)
        return Request(id: .integer(id), method: .key(key))
    }

    /// Consumes `text` when the bytes at `index` are exactly it. Inlined, so that each literal's
    /// length and bytes are constants the comparison is compiled against.
    @inline(__always)
    private mutating func skip(_ text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        // A plain loop over the literal's bytes: the `withUTF8Buffer` and `allSatisfy` closures it
        // replaced were not inlined, and this runs about a dozen times per `key` line.
        let expected = text.utf8Start
        for offset in 0..<count where bytes[index + offset] != expected[offset] { return false }
        index += count
        return true
    }

    /// Consumes a non-negative integer in JSON's spelling (no leading zero) of at most
    /// `maxDigits` digits; nil, consuming nothing, otherwise.
    private mutating func integer() -> Int64? {
        var end = index
        var value: Int64 = 0
        // At most 18 digits, so `value` stays below 10^18 < Int64.max and cannot overflow.
        while end < bytes.count, end - index < Self.maxDigits, (0x30...0x39).contains(bytes[end]) {
            value = value * 10 + Int64(bytes[end] - 0x30)
            end += 1
        }
        let digits = end - index
        guard digits >= 1, digits == 1 || bytes[index] != 0x30 else { return nil }
        // A 19th digit means a longer number than the loop read.
        if end < bytes.count, (0x30...0x39).contains(bytes[end]) { return nil }
        index = end
        return value
    }
}
