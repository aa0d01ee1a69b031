import HangulKeys

/// Arbitrary text into the key-notation parser (``HangulKeys/KeyNotation``).
///
/// Checked: parsing never traps; an error's position lies within the line (or just past its end);
/// and every key parsed, written back in normalized notation, parses to exactly that key, as
/// ``HangulKeys/KeyNotation/format(keysym:modifiers:)`` promises.
public enum NotationTarget {
    public static func problems(_ data: UnsafeBufferPointer<UInt8>) -> [String] {
        let line = String(decoding: data, as: UTF8.self)
        let length = line.unicodeScalars.count
        do {
            let keys = try KeyNotation.parse(line)
            var problems: [String] = []
            for key in keys {
                do {
                    let again = try KeyNotation.parse(key.notation)
                    if again != [key] { problems.append("\(key.notation) reads back as \(again)") }
                } catch {
                    problems.append("\(key.notation) does not read back: \(error)")
                }
            }
            return problems
        } catch {
            guard (1...(length + 1)).contains(error.position) else {
                return ["error position \(error.position) outside a line of \(length) scalars: \(error)"]
            }
            return []
        }
    }
}
