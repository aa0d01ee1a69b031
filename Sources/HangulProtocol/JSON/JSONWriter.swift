import HangulCore

/// Appends compact JSON to a byte buffer: the only way replies are written.
///
/// Output is canonical so that replies are exact byte lines a transcript can compare: no whitespace
/// anywhere, members in the order written, integers in plain decimal, and strings with exactly `"`,
/// `\` and U+0000–U+001F escaped (as `\b \t \n \f \r` where JSON has a short form, else `\u00xx` in
/// lowercase hex). Everything else, `/`, DEL and all non-ASCII included, is written as raw UTF-8.
public struct JSONWriter: Sendable {
    /// The bytes written so far.
    public private(set) var bytes: [UInt8]

    /// Starts an empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 128) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    /// Empties the buffer but keeps its capacity, so that a writer reused line after line allocates
    /// only when a line outgrows every line before it (or when the last bytes are still shared).
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends ASCII punctuation or a member name that is known not to need escaping.
    public mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends bytes that are already JSON, such as a fragment this writer wrote earlier and the
    /// caller kept (a batch writer's per-key prefix `{"key":"r","commit":`); nothing is checked.
    public mutating func raw(_ fragment: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: fragment)
    }

    /// Appends `"name":` for a member name known not to need escaping.
    public mutating func key(_ name: StaticString) {
        bytes.append(UInt8(ascii: "\""))
        raw(name)
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// Appends `true` or `false`.
    public mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// Appends an integer in plain decimal.
    public mutating func integer(_ value: Int64) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // Digits are written in place back to front, so no intermediate String is built.
        var magnitude = value.magnitude
        var count = 1
        var probe = magnitude / 10
        while probe > 0 {
            count += 1
            probe /= 10
        }
        let end = bytes.count + count
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: count))
        var position = end - 1
        repeat {
            bytes[position] = UInt8(ascii: "0") + UInt8(magnitude % 10)
            magnitude /= 10
            position -= 1
        } while magnitude > 0
    }

    /// Appends a string literal with the escapes described on the type.
    public mutating func string(_ value: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in value.utf8 { escaped(byte) }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a string literal from UTF-8 bytes the caller already holds (a batch writer's text
    /// buffer), with the same escapes and without building a `String`; the bytes are not validated.
    public mutating func string(utf8 value: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        // Text that needs no escape (nearly all of it) is appended in one piece.
        if value.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            bytes.append(contentsOf: value)
        } else {
            for byte in value { escaped(byte) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends composed text as a string literal, exactly as ``string(_:)`` writes its `String`,
    /// but straight from the scalars: a `key` reply builds no `String` for its commit and preedit.
    /// A value that is not a Unicode scalar (which the composer never produces) is left out, as
    /// ``ComposedText/string`` leaves it out.
    public mutating func string(_ text: ComposedText) {
        bytes.append(UInt8(ascii: "\""))
        for index in 0..<text.count {
            guard let scalar = Unicode.Scalar(text[index]) else { continue }
            for unit in scalar.utf8 { escaped(unit) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends a step's text (a syllable, or in word mode a word) as a string literal, exactly as
    /// ``string(_:)`` writes its `String`, straight from the scalars: syllable mode's text, which
    /// has no finished syllables, takes the path of ``ComposedText``.
    public mutating func string(_ text: WordText) {
        guard text.hasFinishedSyllables else { return string(text.rest) }
        bytes.append(UInt8(ascii: "\""))
        for value in text {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for unit in scalar.utf8 { escaped(unit) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends one byte of a string literal, escaped as described on the type.
    @inline(__always)
    private mutating func escaped(_ byte: UInt8) {
        let count = Self.escapedCount(byte)
        guard count > 1 else { return bytes.append(byte) }
        append(count: count) { cursor in Self.writeEscaped(byte, at: &cursor) }
    }

    /// How many bytes `byte` takes inside a string literal: 1, or 2 or 6 for an escape.
    @inline(__always)
    static func escapedCount(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x08, 0x09, 0x0A, 0x0C, 0x0D: 2
        case 0x00..<0x20: 6
        default: 1
        }
    }

    /// Writes `byte` as it appears inside a string literal at `cursor`, and moves `cursor` past
    /// the ``escapedCount(_:)`` bytes written: the one table of escapes.
    @inline(__always)
    static func writeEscaped(_ byte: UInt8, at cursor: inout UnsafeMutablePointer<UInt8>) {
        let short: UInt8
        switch byte {
        case UInt8(ascii: "\""): short = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): short = UInt8(ascii: "\\")
        case 0x08: short = UInt8(ascii: "b")
        case 0x09: short = UInt8(ascii: "t")
        case 0x0A: short = UInt8(ascii: "n")
        case 0x0C: short = UInt8(ascii: "f")
        case 0x0D: short = UInt8(ascii: "r")
        case 0x00..<0x20:
            cursor.put(UInt8(ascii: "\\"))
            cursor.put(UInt8(ascii: "u"))
            cursor.put(UInt8(ascii: "0"))
            cursor.put(UInt8(ascii: "0"))
            cursor.put(hexDigit(byte >> 4))
            cursor.put(hexDigit(byte & 0x0F))
            return
        default:
            cursor.put(byte)
            return
        }
        cursor.put(UInt8(ascii: "\\"))
        cursor.put(short)
    }

    /// Room for a measured fragment up to this size is made by copying these; see ``append(count:_:)``.
    private static let zeros = [UInt8](repeating: 0, count: 256)

    /// Appends exactly `count` bytes, which `body` writes through a cursor it must move by exactly
    /// `count`: a fragment measured first is then written with one growth check, rather than one
    /// per byte (a `key` reply line is about 80 bytes).
    @inline(__always)
    mutating func append(count: Int, _ body: (inout UnsafeMutablePointer<UInt8>) -> Void) {
        guard count > 0 else { return }
        let start = bytes.count
        if count <= Self.zeros.count {
            // A slice of an array is appended with one copy; `repeatElement` went through the
            // generic sequence path, a fortieth of the session's time per `key` line.
            bytes.append(contentsOf: Self.zeros[..<count])
        } else {
            bytes.append(contentsOf: repeatElement(0, count: count))
        }
        bytes.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                preconditionFailure("internal inconsistency: a buffer just grown has no storage")
            }
            var cursor = base + start
            body(&cursor)
            precondition(cursor == base + start + count, "internal inconsistency: a measured fragment's size changed")
        }
    }

    /// Appends any value; objects keep their member order, duplicates included.
    public mutating func value(_ value: JSONValue) {
        switch value {
        case .null: raw("null")
        case .bool(let bool): self.bool(bool)
        case .integer(let integer): self.integer(integer)
        case .number(let literal): bytes.append(contentsOf: literal.utf8)
        case .string(let string): self.string(string)
        case .array(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                self.value(element)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                string(member.key)
                bytes.append(UInt8(ascii: ":"))
                self.value(member.value)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    @inline(__always)
    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}

extension UnsafeMutablePointer<UInt8> {
    /// Writes `byte` here and moves past it: the writer's cursor inside a measured fragment.
    @inline(__always)
    mutating func put(_ byte: UInt8) {
        pointee = byte
        self += 1
    }

    /// Writes the bytes of `text` here and moves past them.
    @inline(__always)
    mutating func put(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        update(from: text.utf8Start, count: count)
        self += count
    }
}
