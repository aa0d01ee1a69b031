import HangulKeys

/// What each single character of key notation types, decided once by `KeyNotation.parse` itself so
/// that the byte scanner reads exactly what the parser reads.
///
/// Printable ASCII is a table (the fast path of every batch); other characters, control characters
/// included, are looked up once and remembered. `<` is absent: it opens a key name.
struct KeyTable {
    /// For each printable ASCII byte, the key it types packed as `keysym << 8 | modifiers`, or 0
    /// when the byte takes the slow path (`<`, and every control character, which the slow path
    /// parses and remembers when one comes).
    private var ascii: [UInt64] = Array(repeating: 0, count: 128)
    private var others: [UInt32: Result<KeyPress, KeyNotationError>] = [:]
    /// Key names already read (`<BackSpace>` comes every few words), by the bytes between `<` and `>`.
    private var names: [[UInt8]: Result<KeyPress, KeyNotationError>] = [:]
    /// The last name read and what it gave, asked before the dictionary: names come in runs.
    private var lastName: [UInt8] = []
    private var lastNameResult: Result<KeyPress, KeyNotationError>?

    /// Printable ASCII only: xkbcommon finds a control character's keysym by a linear search of its
    /// whole table (about 4,600 instructions each), which for the 26 without a special keysym was a
    /// tenth of a short `hangul-compose` run's instructions, for characters input rarely holds.
    init() {
        for byte in UInt8(0x20)..<0x7F where byte != UInt8(ascii: "<") {
            guard let keys = try? KeyNotation.parse(String(Unicode.Scalar(byte))), keys.count == 1,
                keys[0].modifiers.rawValue < 0x100
            else { continue }
            ascii[Int(byte)] = UInt64(keys[0].keysym.rawValue) << 8 | UInt64(keys[0].modifiers.rawValue)
        }
    }

    /// The key an ASCII byte types, packed, or 0 for the slow path.
    @inline(__always)
    func packed(ascii byte: UInt8) -> UInt64 { ascii[Int(byte)] }

    @inline(__always)
    static func unpack(_ packed: UInt64) -> KeyPress {
        KeyPress(
            keysym: Keysym(rawValue: UInt32(truncatingIfNeeded: packed >> 8)),
            modifiers: ModifierMask(rawValue: UInt32(truncatingIfNeeded: packed & 0xFF)))
    }

    /// The key one character types, or the parser's error for it at position 1.
    mutating func key(for scalar: Unicode.Scalar) -> Result<KeyPress, KeyNotationError> {
        if scalar.isASCII, case let packed = ascii[Int(scalar.value)], packed != 0 {
            return .success(Self.unpack(packed))
        }
        if let known = others[scalar.value] { return known }
        let result: Result<KeyPress, KeyNotationError>
        do {
            let keys = try KeyNotation.parse(String(scalar))
            if let key = keys.first {
                result = .success(KeyPress(keysym: key.keysym, modifiers: key.modifiers))
            } else {
                result = .failure(.noKeysym(scalar, position: 1))
            }
        } catch {
            result = .failure(error)
        }
        if others.count < 4096 { others[scalar.value] = result }
        return result
    }

    /// The key a `<name>` types (`name` is what stands between `<` and `>`), or the parser's error
    /// with positions counted from the `<`; remembered, since parsing a name asks xkbcommon.
    mutating func key(named name: [UInt8]) -> Result<KeyPress, KeyNotationError> {
        if name == lastName, let lastNameResult { return lastNameResult }
        defer {
            lastName = name
            lastNameResult = names[name]
        }
        if let known = names[name] { return known }
        let result: Result<KeyPress, KeyNotationError>
        do {
            let keys = try KeyNotation.parse("<" + String(decoding: name, as: UTF8.self) + ">")
            if keys.count == 1, let key = keys.first {
                result = .success(KeyPress(keysym: key.keysym, modifiers: key.modifiers))
            } else {
                result = .failure(.unterminated(position: 1))
            }
        } catch {
            result = .failure(error)
        }
        if names.count < 4096, name.count <= 64 { names[name] = result }
        return result
    }

    /// The key of the `<name>` whose `<` is at `start`, and the index after its `>`, when that name
    /// is the one read last, all ASCII, and typed a key; nil otherwise. What ``key(named:)`` would
    /// answer for it, since it answers a repeated name from the same remembered result.
    func repeatedName(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (key: KeyPress, end: Int)? {
        guard case .success(let key)? = lastNameResult else { return nil }
        let close = start + 1 + lastName.count
        guard close < bytes.count, bytes[close] == UInt8(ascii: ">") else { return nil }
        for (offset, byte) in lastName.enumerated() where byte >= 0x80 || bytes[start + 1 + offset] != byte {
            return nil
        }
        return (key, close + 1)
    }
}
