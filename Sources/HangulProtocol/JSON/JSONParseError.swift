/// Why a line is not valid JSON, and where.
///
/// The ``description`` is what a client sees in the `-32700` reply, so it names the problem in
/// words a frontend author can act on and gives the 0-based byte offset into the line.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// The line ended inside a value.
        case unexpectedEnd
        /// A byte that cannot start or continue a value here; `expected` says what could.
        case unexpectedByte(UInt8, expected: String)
        /// A byte sequence that is not UTF-8 (RFC 3629: no overlongs, no surrogates, nothing past U+10FFFF).
        case invalidUTF8
        /// A raw byte below 0x20 inside a string; JSON requires it escaped.
        case controlCharacterInString(UInt8)
        /// A backslash escape JSON does not define, or a `\u` without four hex digits.
        case invalidEscape
        /// A `\uD800`–`\uDFFF` escape that is not half of a high–low pair.
        case loneSurrogate(UInt16)
        /// A number that breaks the JSON grammar (`01`, `1.`, `-`, `.5`, `1e`, `+1`).
        case invalidNumber
        /// Arrays and objects nested deeper than the limit.
        case tooDeep(limit: Int)
        /// More bytes than the limit.
        case tooLong(limit: Int)
        /// Something other than whitespace after the value.
        case trailingData
    }

    public var kind: Kind
    /// Byte offset into the input, 0-based.
    public var offset: Int

    public init(_ kind: Kind, at offset: Int) {
        self.kind = kind
        self.offset = offset
    }

    public var description: String {
        let what: String =
            switch kind {
            case .unexpectedEnd: "the line ends inside a value"
            case .unexpectedByte(let byte, let expected): "expected \(expected), got \(Self.show(byte))"
            case .invalidUTF8: "invalid UTF-8"
            case .controlCharacterInString(let byte):
                "raw control character \(Self.hex(byte)) in a string; write it as \\u00\(Self.hexDigits(byte))"
            case .invalidEscape: "invalid escape in a string; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX"
            case .loneSurrogate(let unit):
                "lone surrogate \\u\(Self.hexDigits(UInt8(unit >> 8)))\(Self.hexDigits(UInt8(unit & 0xFF)))"
                    + " in a string; a character above U+FFFF is a high-low pair"
            case .invalidNumber: "invalid number"
            case .tooDeep(let limit): "arrays and objects nested deeper than \(limit)"
            case .tooLong(let limit): "longer than \(limit) bytes"
            case .trailingData: "more data after the JSON value; send one value per line"
            }
        return "invalid JSON at byte \(offset): \(what)"
    }

    /// A byte as a reader would name it: `'x'` when printable ASCII, else `byte 0xFF`.
    private static func show(_ byte: UInt8) -> String {
        if byte >= 0x21 && byte <= 0x7E && byte != UInt8(ascii: "'") {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        return "byte \(hex(byte))"
    }

    private static func hex(_ byte: UInt8) -> String { "0x" + hexDigits(byte).uppercased() }

    private static func hexDigits(_ byte: UInt8) -> String {
        let digits: [Character] = Array("0123456789abcdef")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
}
