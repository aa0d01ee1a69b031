import HangulKeys

/// The normalized notation of keys already printed (`--trace`, `--json`), as UTF-8.
struct KeyNotations {
    private var notations: [UInt64: [UInt8]] = [:]

    /// The normalized notation of a key as UTF-8, remembered.
    mutating func notation(of key: KeyPress) -> [UInt8] {
        let id = UInt64(key.keysym.rawValue) << 32 | UInt64(key.modifiers.rawValue)
        if let known = notations[id] { return known }
        let bytes = Array(key.notation.utf8)
        if notations.count < 4096 { notations[id] = bytes }
        return bytes
    }
}
