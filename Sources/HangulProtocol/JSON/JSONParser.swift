/// A strict RFC 8259 JSON parser over raw bytes, bounded in size and nesting.
///
/// Strict means it accepts exactly the JSON grammar: no comments, no trailing commas, no leading
/// zeros, no `NaN`, no single quotes, no byte order mark, no raw control characters in strings, and
/// only well-formed UTF-8 (RFC 3629: overlong forms, encoded surrogates and anything above U+10FFFF
/// are rejected, as are `\u` escapes of unpaired surrogates). Both bounds are checked before any work
/// they would make unbounded: the byte limit first, the depth limit at each `[` and `{`, so recursion
/// is never deeper than the depth limit. The parser never traps on any input.
public struct JSONParser {
    private let bytes: UnsafeRawBufferPointer
    private let maxDepth: Int
    private var index = 0
    private var depth = 0
    /// Reused for strings with escapes, so a line costs one scratch buffer, not one per string.
    private var scratch: [UInt8] = []

    private init(bytes: UnsafeRawBufferPointer, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    /// Parses one complete JSON value, surrounded by optional whitespace, from `bytes`.
    public static func parse(
        _ bytes: [UInt8], maxDepth: Int = Wire.maxNestingDepth, maxBytes: Int = Wire.maxLineBytes - 1
    ) throws(JSONParseError) -> JSONValue {
        let result = bytes.withUnsafeBytes { buffer in
            Result { () throws(JSONParseError) in try parse(buffer, maxDepth: maxDepth, maxBytes: maxBytes) }
        }
        return try result.get()
    }

    /// Parses one complete JSON value, surrounded by optional whitespace, from `buffer`.
    public static func parse(
        _ buffer: UnsafeRawBufferPointer, maxDepth: Int = Wire.maxNestingDepth, maxBytes: Int = Wire.maxLineBytes - 1
    ) throws(JSONParseError) -> JSONValue {
        guard buffer.count <= maxBytes else { throw JSONParseError(.tooLong(limit: maxBytes), at: maxBytes) }
        var parser = JSONParser(bytes: buffer, maxDepth: maxDepth)
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.index == buffer.count else { throw JSONParseError(.trailingData, at: parser.index) }
        return value
    }

    // MARK: Values

    private mutating func parseValue() throws(JSONParseError) -> JSONValue {
        skipWhitespace()
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
        case let byte: throw JSONParseError(.unexpectedByte(byte, expected: "a value"), at: index)
        }
    }

    private mutating func parseObject() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            let byte = try peek()
            guard byte == UInt8(ascii: "\"") else {
                throw JSONParseError(.unexpectedByte(byte, expected: "a member name in double quotes"), at: index)
            }
            let key = try parseString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), as: "':' after a member name")
            let value = try parseValue()
            members.append((key: key, value: value))
            skipWhitespace()
            let next = try peek()
            index += 1
            if next == UInt8(ascii: ",") { continue }
            if next == UInt8(ascii: "}") { break }
            throw JSONParseError(.unexpectedByte(next, expected: "',' or '}'"), at: index - 1)
        }
        depth -= 1
        return .object(members)
    }

    private mutating func parseArray() throws(JSONParseError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            let next = try peek()
            index += 1
            if next == UInt8(ascii: ",") { continue }
            if next == UInt8(ascii: "]") { break }
            throw JSONParseError(.unexpectedByte(next, expected: "',' or ']'"), at: index - 1)
        }
        depth -= 1
        return .array(elements)
    }

    /// Consumes the `[` or `{` at `index`, refusing to go deeper than the limit.
    private mutating func enterContainer() throws(JSONParseError) {
        depth += 1
        guard depth <= maxDepth else { throw JSONParseError(.tooDeep(limit: maxDepth), at: index) }
        index += 1
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = literal.withUTF8Buffer { Array($0) }
        for byte in expected {
            guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
            guard bytes[index] == byte else {
                throw JSONParseError(.unexpectedByte(bytes[index], expected: "\(literal)"), at: index)
            }
            index += 1
        }
    }

    // MARK: Numbers

    /// Reads a number; an integer literal that fits `Int64` becomes ``JSONValue/integer(_:)``.
    private mutating func parseNumber() throws(JSONParseError) -> JSONValue {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw JSONParseError(.invalidNumber, at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            // "01" is not JSON: a leading zero stands alone.
            if index < bytes.count, isDigit(bytes[index]) { throw JSONParseError(.invalidNumber, at: start) }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw JSONParseError(.invalidNumber, at: start) }
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw JSONParseError(.invalidNumber, at: start) }
            skipDigits()
        }
        let literal = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
        if isInteger, let integer = Self.int64(fromValidLiteral: literal) { return .integer(integer) }
        return .number(String(decoding: literal, as: UTF8.self))
    }

    /// Accumulates negatively so `-9223372036854775808` fits; nil on overflow.
    private static func int64(fromValidLiteral literal: UnsafeRawBufferPointer) -> Int64? {
        var digits = literal[...]
        let negative = digits.first == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        var value: Int64 = 0
        for byte in digits {
            let (times10, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times10.subtractingReportingOverflow(Int64(byte &- UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            value = next
        }
        if negative { return value }
        let (positive, overflow) = Int64(0).subtractingReportingOverflow(value)
        return overflow ? nil : positive
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) { index += 1 }
    }

    // MARK: Strings

    /// Reads a string starting at its opening quote and returns it decoded.
    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes, so the string is the bytes between the quotes once validated.
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            try consumeStringByte(byte)
        }
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return String(decoding: scratch, as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") {
                try parseEscape()
                continue
            }
            let sequenceStart = index
            try consumeStringByte(byte)
            scratch.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[sequenceStart..<index]))
        }
        throw JSONParseError(.unexpectedEnd, at: index)
    }

    /// Checks and skips one unescaped character (1–4 bytes) of a string.
    private mutating func consumeStringByte(_ byte: UInt8) throws(JSONParseError) {
        if byte < 0x20 { throw JSONParseError(.controlCharacterInString(byte), at: index) }
        if byte < 0x80 {
            index += 1
            return
        }
        // RFC 3629 table 3-7: the second byte's range depends on the first, which is what rules out
        // overlong forms (C0, C1, E0 80–9F, F0 80–8F), surrogates (ED A0–BF) and > U+10FFFF (F4 90–).
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch byte {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw JSONParseError(.invalidUTF8, at: index)
        }
        guard index + length <= bytes.count else { throw JSONParseError(.invalidUTF8, at: index) }
        guard secondRange.contains(bytes[index + 1]) else { throw JSONParseError(.invalidUTF8, at: index) }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            throw JSONParseError(.invalidUTF8, at: index)
        }
        index += length
    }

    /// Decodes the escape at `index` (a backslash) into `scratch`.
    private mutating func parseEscape() throws(JSONParseError) {
        let start = index
        index += 1
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        let escaped = bytes[index]
        index += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): scratch.append(escaped)
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHex4(escapeStart: start)
            var scalarValue = UInt32(unit)
            if (0xDC00...0xDFFF).contains(unit) { throw JSONParseError(.loneSurrogate(unit), at: start) }
            if (0xD800...0xDBFF).contains(unit) {
                // A high surrogate counts only when a low surrogate escape follows at once.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw JSONParseError(.loneSurrogate(unit), at: start) }
                let lowStart = index
                index += 2
                let low = try readHex4(escapeStart: lowStart)
                guard (0xDC00...0xDFFF).contains(low) else { throw JSONParseError(.loneSurrogate(unit), at: start) }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                preconditionFailure("internal inconsistency: surrogates were excluded above")
            }
            scratch.append(contentsOf: UTF8.encode(scalar).map { Array($0) } ?? [])
        default: throw JSONParseError(.invalidEscape, at: start)
        }
    }

    /// Reads the four hex digits after `\u`.
    private mutating func readHex4(escapeStart: Int) throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw JSONParseError(.invalidEscape, at: escapeStart) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw JSONParseError(.invalidEscape, at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }

    // MARK: Whitespace and single bytes

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    private func peek() throws(JSONParseError) -> UInt8 {
        guard index < bytes.count else { throw JSONParseError(.unexpectedEnd, at: index) }
        return bytes[index]
    }

    private mutating func expect(_ byte: UInt8, as description: String) throws(JSONParseError) {
        let actual = try peek()
        guard actual == byte else { throw JSONParseError(.unexpectedByte(actual, expected: description), at: index) }
        index += 1
    }
}
