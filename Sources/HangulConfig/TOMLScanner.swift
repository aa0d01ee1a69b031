/// Finds where the top-level keys of a TOML document are written: their lines for messages, and
/// the extent of their values for ``ConfigEditor``.
///
/// TOMLKit reports a line only for syntax errors; a well-formed value that is wrong for us (an
/// unknown key, a number where a boolean belongs) must still be reported with its line, so this
/// scanner reads the document's layout once more: comments, strings of all four kinds (a `#` or a
/// `key =` inside one is text), arrays and inline tables spanning lines, and table headers, after
/// which keys are no longer top-level. It does not check syntax: it runs on documents TOMLKit
/// accepted, and on anything else it finds what it can without trapping.
struct TOMLScanner {
    /// Where one top-level key is written.
    struct Entry: Equatable {
        /// The key's first component (`a` for `a.b = 1` or `[a]`), unquoted.
        var name: String
        /// The 1-based line of the key.
        var line: Int
        /// Byte offsets of the value, end exclusive; nil for a table header or a dotted key.
        var value: Range<Int>?
        /// The 1-based line of each element, when the value is an array.
        var elementLines: [Int] = []
        /// Byte offsets of the whole definition: from the start of the key's line through the end
        /// of the line the value ends on, its newline included.
        var statement: Range<Int> = 0..<0
    }

    let bytes: [UInt8]
    /// The first definition of each top-level key, in document order.
    private(set) var entries: [Entry] = []
    /// The byte offset of the first table header, where top-level keys end; nil when there is none.
    private(set) var firstTableOffset: Int?
    private var index = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
        scanDocument()
    }

    /// The first entry for a key name.
    func entry(_ name: String) -> Entry? { entries.first { $0.name == name } }

    /// The 1-based line of a byte offset.
    func line(at offset: Int) -> Int {
        var line = 1
        for byte in bytes[..<min(offset, bytes.count)] where byte == UInt8(ascii: "\n") { line += 1 }
        return line
    }

    // MARK: - Scanning

    private var atEnd: Bool { index >= bytes.count }
    private func peek(_ ahead: Int = 0) -> UInt8? { index + ahead < bytes.count ? bytes[index + ahead] : nil }
    private func starts(with text: String) -> Bool {
        let pattern = Array(text.utf8)
        return index + pattern.count <= bytes.count && Array(bytes[index..<index + pattern.count]) == pattern
    }

    private mutating func skipBlanks() {
        while let byte = peek(), byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") { index += 1 }
    }

    /// Skips blanks, newlines and comments.
    private mutating func skipTrivia() {
        while let byte = peek() {
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
                || byte == UInt8(ascii: "\r")
            {
                index += 1
            } else if byte == UInt8(ascii: "#") {
                skipToLineEnd()
            } else {
                return
            }
        }
    }

    private mutating func skipToLineEnd() {
        while let byte = peek(), byte != UInt8(ascii: "\n") { index += 1 }
    }

    private mutating func scanDocument() {
        var inTable = false
        while true {
            skipTrivia()
            guard let byte = peek() else { return }
            let start = index
            if byte == UInt8(ascii: "[") {
                if firstTableOffset == nil { firstTableOffset = start }
                index += starts(with: "[[") ? 2 : 1
                skipBlanks()
                let name = scanKeyComponent()
                if entry(name) == nil { entries.append(Entry(name: name, line: line(at: start), value: nil)) }
                inTable = true
                skipToLineEnd()
                continue
            }
            let name = scanKeyComponent()
            skipBlanks()
            var dotted = false
            while peek() == UInt8(ascii: ".") {
                dotted = true
                index += 1
                skipBlanks()
                _ = scanKeyComponent()
                skipBlanks()
            }
            guard peek() == UInt8(ascii: "=") else {
                skipToLineEnd()
                continue
            }
            index += 1
            skipBlanks()
            let valueStart = index
            var elementLines: [Int] = []
            scanValue(elementLines: &elementLines)
            let valueEnd = index
            skipToLineEnd()
            if !inTable, entry(name) == nil, !name.isEmpty {
                var lineStart = start
                while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
                entries.append(
                    Entry(
                        name: name, line: line(at: start), value: dotted ? nil : valueStart..<valueEnd,
                        elementLines: elementLines, statement: lineStart..<min(index + 1, bytes.count)))
            }
        }
    }

    /// A bare or quoted key component, unquoted; empty when there is none.
    private mutating func scanKeyComponent() -> String {
        let start = index
        if peek() == UInt8(ascii: "\"") || peek() == UInt8(ascii: "'") {
            scanString()
            let inner = bytes[min(start + 1, index)..<max(start + 1, index - 1)]
            return String(decoding: inner, as: UTF8.self)
        }
        while let byte = peek(), Self.isBareKeyByte(byte) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private static func isBareKeyByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
    }

    /// Skips one value; for an array, records the line each element starts on.
    private mutating func scanValue(elementLines: inout [Int]) {
        defer { index = min(index, bytes.count) }  // an escape at the very end steps past it
        guard let byte = peek() else { return }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            scanString()
        } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{") {
            scanBracketed(elementLines: &elementLines)
        } else {
            // A number, boolean or date: up to a comment, a separator or the end of the line.
            let start = index
            while let next = peek(), next != UInt8(ascii: "\n"), next != UInt8(ascii: "#"), next != UInt8(ascii: ","),
                next != UInt8(ascii: "]"), next != UInt8(ascii: "}")
            {
                index += 1
            }
            while index > start,
                bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t")
                    || bytes[index - 1] == UInt8(ascii: "\r")
            {
                index -= 1
            }
        }
    }

    /// Skips an array or inline table, strings and comments inside included.
    private mutating func scanBracketed(elementLines: inout [Int]) {
        let close = peek() == UInt8(ascii: "[") ? UInt8(ascii: "]") : UInt8(ascii: "}")
        let isArray = close == UInt8(ascii: "]")
        index += 1
        while true {
            skipTrivia()
            let start = index
            defer { if index == start, index < bytes.count { index += 1 } }  // not TOML: step on, never loop
            guard let byte = peek() else { return }
            if byte == close {
                index += 1
                return
            }
            if byte == UInt8(ascii: ",") {
                index += 1
                continue
            }
            if isArray {
                elementLines.append(line(at: index))
                var nested: [Int] = []
                scanValue(elementLines: &nested)
            } else {
                // An inline table's `key = value`.
                _ = scanKeyComponent()
                skipBlanks()
                while peek() == UInt8(ascii: ".") {
                    index += 1
                    skipBlanks()
                    _ = scanKeyComponent()
                    skipBlanks()
                }
                if peek() == UInt8(ascii: "=") { index += 1 }
                skipBlanks()
                var nested: [Int] = []
                scanValue(elementLines: &nested)
            }
        }
    }

    /// Skips a string of any of TOML's four kinds, quotes included.
    private mutating func scanString() {
        guard let quote = peek() else { return }
        let basic = quote == UInt8(ascii: "\"")
        let triple = starts(with: basic ? "\"\"\"" : "'''")
        index += triple ? 3 : 1
        while let byte = peek() {
            if basic, byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if !triple, byte == UInt8(ascii: "\n") { return }
            if byte == quote {
                if !triple {
                    index += 1
                    return
                }
                if starts(with: basic ? "\"\"\"" : "'''") {
                    index += 3
                    // Up to two more quotes belong to the string (`""""a""""`).
                    var extra = 0
                    while extra < 2, peek() == quote {
                        index += 1
                        extra += 1
                    }
                    return
                }
            }
            index += 1
        }
    }
}
