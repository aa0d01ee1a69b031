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
        append(count: Self.escapedCount(text) + 2) { cursor in
            cursor.put(UInt8(ascii: "\""))
            Self.writeEscaped(text, at: &cursor)
            cursor.put(UInt8(ascii: "\""))
        }
    }

    /// Appends a step's text (a syllable, or in word mode a word) as a string literal, exactly as
    /// ``string(_:)`` writes its `String`, straight from the scalars: syllable mode's text, which
    /// has no finished syllables, takes the path of ``ComposedText``.
    public mutating func string(_ text: WordText) {
        guard text.hasFinishedSyllables else { return string(text.rest) }
        append(count: Self.escapedCount(text) + 2) { cursor in
            cursor.put(UInt8(ascii: "\""))
            Self.writeEscaped(text, at: &cursor)
            cursor.put(UInt8(ascii: "\""))
        }
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

    /// Appends exactly `count` bytes, which `body` writes through a cursor it must move by exactly
    /// `count`: a fragment measured first is then written with one growth check, rather than one
    /// per byte (a `key` reply line is about 80 bytes).
    ///
    /// A fragment up to ``stackFragmentLimit`` bytes is written on the stack and appended with one
    /// copy. Room made in the array itself needs bytes to copy in first: a generic `repeatElement`
    /// cost a fortieth of the session's time per `key` line, and an array of zeros made at run time
    /// was a lazily made global whose check and storage were two more cold pages at every key at
    /// typing speed. A longer fragment (a long word's text) grows the array in place that way all
    /// the same, rather than take a heap buffer as long as itself.
    @inline(__always)
    mutating func append(count: Int, _ body: (inout UnsafeMutablePointer<UInt8>) -> Void) {
        guard count > 0 else { return }
        guard count <= Self.stackFragmentLimit else { return appendInPlace(count: count, body) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            guard let base = buffer.baseAddress else {
                preconditionFailure("internal inconsistency: a temporary buffer of \(count) bytes has no storage")
            }
            var cursor = base
            body(&cursor)
            precondition(cursor == base + count, "internal inconsistency: a measured fragment's size changed")
            bytes.append(contentsOf: UnsafeBufferPointer(buffer))
        }
    }

    /// The longest fragment ``append(count:_:)`` writes on the stack: a `key` reply line is about 80
    /// bytes, and Swift takes the heap for a temporary buffer past a kilobyte anyway.
    static let stackFragmentLimit = 512

    /// ``append(count:_:)`` for a fragment longer than ``stackFragmentLimit``: the array grows by
    /// `count` bytes, which `body` then overwrites. Never inlined: a typing key's reply takes it only
    /// for a word past 512 bytes in word mode.
    @inline(never)
    private mutating func appendInPlace(count: Int, _ body: (inout UnsafeMutablePointer<UInt8>) -> Void) {
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: count))
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
    /// Writes `byte` here and moves past it: the writer's cursor inside a measured fragment, or a
    /// batch writer's in room it has made (`hangul-compose --json`).
    @inlinable @inline(__always)
    public mutating func put(_ byte: UInt8) {
        pointee = byte
        self += 1
    }

    /// Writes the bytes of `text` here and moves past them.
    @inlinable @inline(__always)
    public mutating func put(_ text: StaticString) {
        let count = text.utf8CodeUnitCount
        update(from: text.utf8Start, count: count)
        self += count
    }

    /// Writes `bytes` here and moves past them.
    @inlinable @inline(__always)
    public mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        update(from: base, count: bytes.count)
        self += bytes.count
    }
}

/// Text written inside a string literal through a cursor, with the escapes of ``JSONWriter``: for
/// writers that measure a line first (a `key` reply) or write into room they made (`hangul-compose
/// --json`), so a line costs one growth check rather than one per piece. A value that is not a
/// Unicode scalar is left out, as ``JSONWriter/string(_:)-(ComposedText)`` leaves it out.
extension JSONWriter {
    /// The bytes `text` takes inside a string literal.
    public static func escapedCount(_ text: ComposedText) -> Int {
        var count = 0
        for index in 0..<text.count { count += escapedCount(text[index]) }
        return count
    }

    /// Writes `text` inside a string literal at `cursor`, ``escapedCount(_:)-(ComposedText)`` bytes.
    public static func writeEscaped(_ text: ComposedText, at cursor: inout UnsafeMutablePointer<UInt8>) {
        for index in 0..<text.count { writeEscaped(text[index], at: &cursor) }
    }

    /// The bytes a step's text takes inside a string literal; syllable mode's text, which has no
    /// finished syllables, is counted by index, without a ``WordText`` iterator.
    public static func escapedCount(_ text: WordText) -> Int {
        guard text.hasFinishedSyllables else { return escapedCount(text.rest) }
        var count = 0
        for value in text { count += escapedCount(value) }
        return count
    }

    /// Writes a step's text inside a string literal at `cursor`, ``escapedCount(_:)-(WordText)`` bytes.
    public static func writeEscaped(_ text: WordText, at cursor: inout UnsafeMutablePointer<UInt8>) {
        guard text.hasFinishedSyllables else { return writeEscaped(text.rest, at: &cursor) }
        for value in text { writeEscaped(value, at: &cursor) }
    }

    /// Writes UTF-8 `bytes` inside a string literal at `cursor`: at most six bytes each. The bytes
    /// are not validated, as ``string(utf8:)`` does not validate them.
    public static func writeEscaped(
        utf8 bytes: UnsafeBufferPointer<UInt8>, at cursor: inout UnsafeMutablePointer<UInt8>
    ) {
        for byte in bytes { writeEscaped(byte, at: &cursor) }
    }

    /// The bytes one scalar value takes inside a string literal; 0 for a value that is not a
    /// Unicode scalar (a surrogate, or past U+10FFFF).
    @inline(__always)
    static func escapedCount(_ value: UInt32) -> Int {
        switch value {
        case 0..<0x80: escapedCount(UInt8(truncatingIfNeeded: value))
        case 0x80..<0x800: 2
        case 0xD800...0xDFFF: 0
        case 0x800..<0x1_0000: 3
        case 0x1_0000...0x10_FFFF: 4
        default: 0
        }
    }

    /// Writes one scalar value inside a string literal, ``escapedCount(_:)-(UInt32)`` bytes: UTF-8
    /// encoded by hand, since going through `Unicode.Scalar` and its `utf8` view cost about 90
    /// instructions a syllable, and `--json` writes two texts a key.
    @inline(__always)
    static func writeEscaped(_ value: UInt32, at cursor: inout UnsafeMutablePointer<UInt8>) {
        switch value {
        case 0..<0x80:
            writeEscaped(UInt8(truncatingIfNeeded: value), at: &cursor)
        case 0x80..<0x800:
            cursor.put(UInt8(truncatingIfNeeded: 0xC0 | value >> 6))
            cursor.put(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        case 0xD800...0xDFFF:
            return
        case 0x800..<0x1_0000:
            cursor.put(UInt8(truncatingIfNeeded: 0xE0 | value >> 12))
            cursor.put(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
            cursor.put(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        case 0x1_0000...0x10_FFFF:
            cursor.put(UInt8(truncatingIfNeeded: 0xF0 | value >> 18))
            cursor.put(UInt8(truncatingIfNeeded: 0x80 | value >> 12 & 0x3F))
            cursor.put(UInt8(truncatingIfNeeded: 0x80 | value >> 6 & 0x3F))
            cursor.put(UInt8(truncatingIfNeeded: 0x80 | value & 0x3F))
        default:
            return
        }
    }
}
