/// A settings file read as TOML, strictly, in the subset the file uses: top-level `key = value`
/// lines whose values are strings of TOML's four kinds, booleans and arrays, with comments and
/// blank lines between. Integers and floats are read too, only so that a number where a boolean
/// belongs is named as one.
///
/// Everything else TOML has is refused with its line: a table (`[name]`, `[[name]]`, a dotted key
/// `a.b = 1`, an inline table `{…}`) and a date or time, which no setting takes; as is every
/// syntax error, a key set twice, a control character, a carriage return without its line feed.
/// The reader is bounded like a layout file: at most ``ConfigFile/maximumSize`` bytes, arrays
/// nested at most ``maximumDepth`` deep, so no file can make it recurse or allocate without end.
///
/// It also says where each key is written (its line, the bytes of its value, the whole
/// statement), which is what ``ConfigEditor`` edits by: offsets are into the file's bytes as they
/// are, a byte-order mark included, so an edit keeps the mark and the file's CRLF line ends.
/// Foundation-free: the daemon reads its settings with it.
struct TOMLDocument {
    /// A value as the file writes it.
    enum Value: Equatable {
        case string(String)
        case bool(Bool)
        case integer(Int64)
        case float(Double)
        case array([Element])
    }

    /// One element of an array, with the line it starts on.
    struct Element: Equatable {
        var value: Value
        var line: Int
    }

    /// Where one top-level key is written.
    struct Entry: Equatable {
        /// The key, unquoted and unescaped (`"lay\u006Fut"` is `layout`).
        var name: String
        /// The 1-based line of the key.
        var line: Int
        var value: Value
        /// Byte offsets of the value as written, end exclusive.
        var valueRange: Range<Int>
        /// Byte offsets of the whole definition: from the start of the key's line through the end
        /// of the line the value ends on, its line end included.
        var statement: Range<Int>

        /// The 1-based line of each element, when the value is an array.
        var elementLines: [Int] {
            guard case .array(let elements) = value else { return [] }
            return elements.map(\.line)
        }
    }

    /// Why a text was refused: the first problem, where it is.
    struct Failure: Error, Equatable {
        enum Kind: Equatable {
            /// Not TOML at all; the reason says what was expected and what was found.
            case syntax(String)
            /// A table: a `[name]` or `[[name]]` header, or a dotted key; `name` is its first part.
            case table(String)
            /// TOML, but outside what a settings file may hold (an inline table, a date, a key set
            /// twice, a file too large or nested too deep); the reason says which.
            case refused(String)
        }
        /// 1-based; 0 for the file as a whole.
        var line: Int
        /// 1-based, in characters; 0 for the file as a whole.
        var column: Int
        var kind: Kind
    }

    /// The deepest arrays may nest: the settings take flat lists, and a bound keeps the reader's
    /// recursion small whatever the file holds.
    static let maximumDepth = 8

    /// The file's bytes, as given.
    let bytes: [UInt8]
    /// Every top-level key, in file order.
    private(set) var entries: [Entry] = []
    /// Where the text starts after a byte-order mark (0 or 3).
    let bodyStart: Int
    /// Whether the file's first line ends with CRLF, so that lines added to it end so too.
    private(set) var usesCRLF = false

    private var index = 0
    private var lineStarts: [Int] = []

    init(_ text: String) throws(Failure) {
        bytes = Array(text.utf8)
        bodyStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard bytes.count <= ConfigFile.maximumSize else {
            throw Failure(
                line: 0, column: 0,
                kind: .refused(
                    "is \(bytes.count) bytes; a settings file is at most \(ConfigFile.maximumSize)"))
        }
        lineStarts = [bodyStart]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        if let newline = bytes.firstIndex(of: UInt8(ascii: "\n")), newline > bodyStart {
            usesCRLF = bytes[newline - 1] == UInt8(ascii: "\r")
        }
        index = bodyStart
        try readDocument()
    }

    /// The entry for a key name.
    func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

    /// The 1-based line of a byte offset.
    func line(at offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// The 1-based column of a byte offset, counting characters (UTF-8 lead bytes), not bytes.
    func column(at offset: Int) -> Int {
        let start = lineStarts[line(at: offset) - 1]
        return bytes[start..<min(offset, bytes.count)].count { $0 & 0xC0 != 0x80 } + 1
    }

    // MARK: - Failures

    private func failure(_ kind: Failure.Kind, at offset: Int? = nil) -> Failure {
        let offset = offset ?? index
        return Failure(line: line(at: offset), column: column(at: offset), kind: kind)
    }

    private func syntax(_ reason: String, at offset: Int? = nil) -> Failure {
        failure(.syntax(reason), at: offset)
    }

    /// What is at `offset`, for a message: `"x"`, the end of the line, the end of the file.
    private func found(at offset: Int? = nil) -> String {
        let offset = offset ?? index
        guard offset < bytes.count else { return "the end of the file" }
        let byte = bytes[offset]
        if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return "the end of the line" }
        if byte < 0x20 || byte == 0x7F { return Self.controlName(byte) }
        var end = offset + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return Self.quoted(String(decoding: bytes[offset..<end], as: UTF8.self))
    }

    private static func controlName(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "the control character U+" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    // MARK: - Bytes

    private func peek(_ ahead: Int = 0) -> UInt8? { index + ahead < bytes.count ? bytes[index + ahead] : nil }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        return text.withUTF8Buffer { pattern in (0..<count).allSatisfy { bytes[index + $0] == pattern[$0] } }
    }

    private mutating func skipBlanks() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    /// Consumes a line end (`\n` or `\r\n`) if one is here; a CR alone is an error.
    private mutating func lineEnd() throws(Failure) -> Bool {
        if peek() == UInt8(ascii: "\n") {
            index += 1
            return true
        }
        if peek() == UInt8(ascii: "\r") {
            guard peek(1) == UInt8(ascii: "\n") else {
                throw syntax("a carriage return not followed by a line feed; end lines with LF or CRLF")
            }
            index += 2
            return true
        }
        return false
    }

    /// Consumes a comment, `#` through the end of its line (the line end left).
    private mutating func comment() throws(Failure) {
        index += 1
        while let byte = peek(), byte != UInt8(ascii: "\n") {
            if byte == UInt8(ascii: "\r"), peek(1) == UInt8(ascii: "\n") { return }
            if (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F {
                throw syntax("\(Self.controlName(byte)) in a comment")
            }
            index += 1
        }
    }

    /// Skips blanks, line ends and comments: what may come between an array's elements.
    private mutating func skipTrivia() throws(Failure) {
        while true {
            skipBlanks()
            if peek() == UInt8(ascii: "#") {
                try comment()
            } else if try !lineEnd() {
                return
            }
        }
    }

    // MARK: - Document

    private mutating func readDocument() throws(Failure) {
        while true {
            skipBlanks()
            guard let byte = peek() else { return }
            if try lineEnd() { continue }
            if byte == UInt8(ascii: "#") {
                try comment()
                continue
            }
            if byte == UInt8(ascii: "[") {
                let start = index
                index += starts(with: "[[") ? 2 : 1
                skipBlanks()
                let name = (try? key()) ?? ""
                throw failure(.table(name), at: start)
            }
            try keyValue()
        }
    }

    /// One `key = value` line, through its line end.
    private mutating func keyValue() throws(Failure) {
        let lineStart = lineStarts[line(at: index) - 1]
        let start = index
        let name = try key()
        skipBlanks()
        if peek() == UInt8(ascii: ".") { throw failure(.table(name), at: start) }
        guard peek() == UInt8(ascii: "=") else {
            throw syntax("expected = after the key \(Self.quoted(name)), found \(found())")
        }
        index += 1
        skipBlanks()
        let valueStart = index
        let value = try self.value(key: name, depth: 0)
        let valueEnd = index
        skipBlanks()
        if peek() == UInt8(ascii: "#") { try comment() }
        guard try lineEnd() || index >= bytes.count else {
            throw syntax("expected the end of the line after the value of \(Self.quoted(name)), found \(found())")
        }
        let line = line(at: start)
        if let first = entry(name) {
            throw failure(
                .refused("\(Self.quoted(name)) is set twice, on line \(first.line) and here; keep one"), at: start)
        }
        entries.append(
            Entry(name: name, line: line, value: value, valueRange: valueStart..<valueEnd, statement: lineStart..<index)
        )
    }

    /// A bare or quoted key, unquoted.
    private mutating func key() throws(Failure) -> String {
        if peek() == UInt8(ascii: "\"") || peek() == UInt8(ascii: "'") {
            if starts(with: "\"\"\"") || starts(with: "'''") {
                throw syntax("a key cannot be a multi-line string")
            }
            return try string()
        }
        let start = index
        while let byte = peek(), Self.isBareKeyByte(byte) { index += 1 }
        guard index > start else { throw syntax("expected a key, found \(found())") }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }

    // MARK: - Values

    private mutating func value(key: String, depth: Int) throws(Failure) -> Value {
        guard let byte = peek() else { throw syntax("expected a value after =, found the end of the file") }
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return .string(try string())
        case UInt8(ascii: "["):
            return try array(key: key, depth: depth + 1)
        case UInt8(ascii: "{"):
            throw failure(
                .refused(
                    "\(Self.quoted(key)) is an inline table; a settings file has no tables: write each setting as a key of its own"
                ))
        default:
            return try bareValue(key: key)
        }
    }

    /// An array, its elements of any kind (the settings check their types), over as many lines as
    /// it likes, with comments between and a trailing comma allowed.
    private mutating func array(key: String, depth: Int) throws(Failure) -> Value {
        guard depth <= Self.maximumDepth else {
            throw failure(.refused("arrays are nested more than \(Self.maximumDepth) deep"))
        }
        index += 1
        var elements: [Element] = []
        while true {
            try skipTrivia()
            if peek() == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            }
            guard peek() != nil else { throw syntax("the array of \(Self.quoted(key)) is not closed with ]") }
            let line = line(at: index)
            elements.append(Element(value: try value(key: key, depth: depth), line: line))
            try skipTrivia()
            if peek() == UInt8(ascii: ",") {
                index += 1
            } else if peek() != UInt8(ascii: "]") {
                throw syntax("expected , or ] in the array of \(Self.quoted(key)), found \(found())")
            }
        }
    }

    /// A boolean, a number, or (refused) a date or time: a bare word up to the next delimiter.
    private mutating func bareValue(key: String) throws(Failure) -> Value {
        let start = index
        while let byte = peek(), Self.isBareValueByte(byte) { index += 1 }
        // A date-time may separate its date and time with a space (`1979-05-27 07:32:00`).
        let word = String(decoding: bytes[start..<index], as: UTF8.self)
        guard !word.isEmpty else { throw syntax("expected a value after =, found \(found())") }
        if word == "true" { return .bool(true) }
        if word == "false" { return .bool(false) }
        if let what = Self.dateOrTime(word) {
            throw failure(
                .refused(
                    "\(Self.quoted(key)) is \(what); a settings file has no dates or times (a value in quotes is a string)"
                ), at: start)
        }
        if let integer = Self.integer(word) { return .integer(integer) }
        if Self.isFloat(word), let float = Double(word.filter { $0 != "_" }) { return .float(float) }
        if Self.looksNumeric(word) {
            throw syntax("\(Self.quoted(word)) is not a number TOML can read", at: start)
        }
        throw syntax(
            "\(Self.quoted(word)) is not a value: strings are written in quotes, as \(Self.quoted("\"" + word + "\""))",
            at: start)
    }

    /// Whether a word was meant as a number (digits, signs, points, exponents, a radix prefix),
    /// for a message about a malformed one rather than about quotes.
    private static func looksNumeric(_ word: String) -> Bool {
        guard let first = word.first, first.isASCII, first.isNumber || first == "+" || first == "-" else {
            return false
        }
        if word.hasPrefix("0x") || word.hasPrefix("0o") || word.hasPrefix("0b") { return true }
        return word.allSatisfy { $0.isASCII && ($0.isNumber || "_+-.eE".contains($0)) }
    }

    private static func isBareValueByte(_ byte: UInt8) -> Bool {
        isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ":")
    }

    /// "a date", "a time" or "a date-time" for a word shaped like one (`2026-11-24`, `12:00:00`).
    static func dateOrTime(_ word: String) -> String? {
        let bytes = Array(word.utf8)
        func digits(_ range: Range<Int>) -> Bool {
            range.upperBound <= bytes.count && range.allSatisfy { (0x30...0x39).contains(bytes[$0]) }
        }
        if digits(0..<4), bytes.count > 4, bytes[4] == UInt8(ascii: "-") {
            return bytes.count > 10 ? "a date-time" : "a date"
        }
        if digits(0..<2), bytes.count > 2, bytes[2] == UInt8(ascii: ":") { return "a time" }
        return nil
    }

    /// A TOML integer: decimal with an optional sign and no leading zero, or `0x`, `0o`, `0b`;
    /// underscores only between digits. Nil when the word is not one or does not fit 64 bits.
    static func integer(_ word: String) -> Int64? {
        var text = Substring(word)
        var radix = 10
        var negative = false
        if text.hasPrefix("0x") || text.hasPrefix("0o") || text.hasPrefix("0b") {
            radix = text.hasPrefix("0x") ? 16 : text.hasPrefix("0o") ? 8 : 2
            text = text.dropFirst(2)
        } else {
            if text.first == "+" || text.first == "-" {
                negative = text.first == "-"
                text = text.dropFirst()
            }
            if text.count > 1, text.first == "0" { return nil }
        }
        guard isDigitRun(text, radix: radix) else { return nil }
        let digits = String(text.filter { $0 != "_" })
        guard let magnitude = UInt64(digits, radix: radix) else { return nil }
        if negative { return magnitude <= UInt64(Int64.max) + 1 ? Int64(truncatingIfNeeded: 0 &- magnitude) : nil }
        return magnitude <= UInt64(Int64.max) ? Int64(magnitude) : nil
    }

    /// A TOML float: `inf`, `nan`, or a decimal integer part with a fraction, an exponent or both.
    static func isFloat(_ word: String) -> Bool {
        var text = Substring(word)
        if text.first == "+" || text.first == "-" { text = text.dropFirst() }
        if text == "inf" || text == "nan" { return true }
        let exponentStart = text.firstIndex { $0 == "e" || $0 == "E" }
        let mantissa = text[..<(exponentStart ?? text.endIndex)]
        let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, isDigitRun(parts[0], radix: 10), parts[0].count == 1 || parts[0].first != "0" else {
            return false
        }
        if parts.count == 2, !isDigitRun(parts[1], radix: 10) { return false }
        if let exponentStart {
            var exponent = text[text.index(after: exponentStart)...]
            if exponent.first == "+" || exponent.first == "-" { exponent = exponent.dropFirst() }
            return isDigitRun(exponent, radix: 10)
        }
        return parts.count == 2
    }

    /// Digits of `radix`, at least one, an underscore only between two of them.
    private static func isDigitRun(_ text: Substring, radix: Int) -> Bool {
        // Two underscores in a row found pairwise: `contains("__")` is _StringProcessing's, which
        // hanguld would load for this one call (contrib/packaging/swift-runtime drop-unused).
        let doubled = zip(text, text.dropFirst()).contains { $0 == "_" && $1 == "_" }
        guard let first = text.first, let last = text.last, first != "_", last != "_", !doubled else {
            return false
        }
        return text.allSatisfy { $0 == "_" || ($0.isASCII && $0.hexDigitValue.map { $0 < radix } == true) }
    }

    // MARK: - Strings

    /// A string of any of TOML's four kinds, its value.
    private mutating func string() throws(Failure) -> String {
        let basic = peek() == UInt8(ascii: "\"")
        let opening = index
        let multiLine = basic ? starts(with: "\"\"\"") : starts(with: "'''")
        index += multiLine ? 3 : 1
        if multiLine {
            // A line end right after the opening quotes is not part of the string.
            _ = try lineEnd()
        }
        let quote = basic ? UInt8(ascii: "\"") : UInt8(ascii: "'")
        var value: [UInt8] = []
        while true {
            guard let byte = peek() else {
                throw syntax(
                    multiLine
                        ? "the string opened on line \(line(at: opening)) is not closed"
                        : "the string is not closed on its line", at: opening)
            }
            if byte == quote {
                if !multiLine {
                    index += 1
                    break
                }
                var run = 0
                while peek(run) == quote { run += 1 }
                if run >= 3 {
                    // Up to two quotes may end the text just before the closing three.
                    guard run <= 5 else { throw syntax("too many quotes close the string", at: index + 5) }
                    value += Array(repeating: quote, count: run - 3)
                    index += run
                    break
                }
                value += Array(repeating: quote, count: run)
                index += run
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                guard multiLine else { throw syntax("the string is not closed on its line", at: opening) }
                _ = try lineEnd()
                value.append(UInt8(ascii: "\n"))
                continue
            }
            if basic, byte == UInt8(ascii: "\\") {
                if multiLine, try lineEndingBackslash() { continue }
                try escape(into: &value)
                continue
            }
            if (byte < 0x20 && byte != UInt8(ascii: "\t")) || byte == 0x7F {
                throw syntax(
                    "\(Self.controlName(byte)) in a string; write it as an escape such as \\u"
                        + String(Self.controlName(byte).suffix(4)))
            }
            value.append(byte)
            index += 1
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// In a multi-line basic string, a `\` that ends its line (blanks may follow) joins the next
    /// text to this, dropping the line ends and blanks between. Returns false, consuming nothing,
    /// when this backslash starts an escape instead.
    private mutating func lineEndingBackslash() throws(Failure) -> Bool {
        var ahead = 1
        while let byte = peek(ahead), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { ahead += 1 }
        guard peek(ahead) == UInt8(ascii: "\n") || (peek(ahead) == UInt8(ascii: "\r") && peek(ahead + 1) == 10) else {
            return false
        }
        index += ahead
        while true {
            skipBlanks()
            if try !lineEnd() { return true }
        }
    }

    /// One escape of a basic string, appended as UTF-8.
    private mutating func escape(into value: inout [UInt8]) throws(Failure) {
        let start = index
        index += 1
        guard let letter = peek() else { throw syntax("the string is not closed on its line", at: start) }
        index += 1
        switch letter {
        case UInt8(ascii: "b"): value.append(0x08)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "f"): value.append(0x0C)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "\""): value.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): value.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "u"), UInt8(ascii: "U"):
            let count = letter == UInt8(ascii: "u") ? 4 : 8
            let digits = bytes[index..<min(index + count, bytes.count)]
            guard digits.count == count, let code = UInt32(String(decoding: digits, as: UTF8.self), radix: 16),
                digits.allSatisfy({ Character(Unicode.Scalar($0)).isHexDigit }),
                let scalar = Unicode.Scalar(code)
            else {
                throw syntax(
                    "\\\(Character(Unicode.Scalar(letter))) must be followed by \(count) hex digits naming a Unicode scalar value",
                    at: start)
            }
            index += count
            value += Array(String(Character(scalar)).utf8)
        default:
            throw syntax(
                "unknown escape \\\(String(decoding: [letter], as: UTF8.self)); the escapes are "
                    + #"\b \t \n \f \r \" \\ \uXXXX \UXXXXXXXX"#, at: start)
        }
    }

    /// A name for messages, in double quotes.
    static func quoted(_ text: String) -> String { SettingsReader.quote(text) }
}
