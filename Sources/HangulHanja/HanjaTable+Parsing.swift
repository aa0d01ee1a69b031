extension HanjaTable {
    /// The largest file a table is built from: the system `hanja.txt` is 6.4 MB. Offsets into the
    /// bytes are 32-bit, so this bound also keeps every offset representable.
    public static let maximumFileSize = 64 * 1024 * 1024

    /// The longest line an entry may be, in bytes; libhangul reads lines into a 512-byte buffer and
    /// the longest line of the system files is 141 bytes.
    public static let maximumLineLength = 4096

    /// Builds a table from a file's bytes.
    ///
    /// A line that cannot be an entry is skipped and reported with its line number: one without a
    /// `:` (no value), with an empty key or value, longer than ``maximumLineLength`` or not valid
    /// UTF-8. Empty lines, lines of spaces and tabs, and lines starting with `#` are not entries and
    /// not problems. A `\r` before the line feed is dropped, so files saved with CRLF line ends read
    /// alike. The comment is everything after the second `:`, colons included.
    ///
    /// libhangul differs only on malformed lines, which it reads its own way rather than report:
    /// `strtok` skips empty fields (`:韓:x` gets the key 韓), a line without a second `:` keeps its
    /// line feed in the value, and lines longer than 511 bytes are split. None of the system files
    /// has such a line; the differential check confirms both read them identically.
    public init(parsing bytes: [UInt8], source: String) {
        var problems: [HanjaFileProblem] = []
        var bytes = bytes
        if bytes.count > Self.maximumFileSize {
            problems.append(
                HanjaFileProblem(
                    source: source, line: 0,
                    reason:
                        "is larger than \(Self.maximumFileSize / 1024 / 1024) MiB, the most a dictionary file may be; "
                        + "split it into several files"))
            bytes = []
        }
        var parser = Parser(source: source)
        bytes.withUnsafeBufferPointer { parser.parse($0) }
        problems += parser.problems
        let (entries, keys) = parser.isSorted ? (parser.entries, parser.keys) : Self.sortedByKey(parser.entries, bytes)
        self.source = source
        self.problems = problems
        self.storage = Storage(bytes: bytes, entries: entries, keys: keys, maximumKeyLength: parser.maximumKeyLength)
    }

    /// The entries of an unsorted file grouped by key, keys in byte order, entries of one key in file
    /// order (the sort breaks ties by position), and the key records for them.
    private static func sortedByKey(_ entries: [Entry], _ bytes: [UInt8]) -> ([Entry], [KeyRecord]) {
        bytes.withUnsafeBufferPointer { buffer in
            let order = entries.indices.sorted { left, right in
                let comparison = compareKeys(buffer, entries[left], entries[right])
                return comparison != 0 ? comparison < 0 : left < right
            }
            var sorted: [Entry] = []
            sorted.reserveCapacity(entries.count)
            var keys: [KeyRecord] = []
            for index in order {
                let entry = entries[index]
                if let last = sorted.last, compareKeys(buffer, last, entry) == 0 {
                    sorted.append(entry)
                    continue
                }
                keys.append(
                    KeyRecord(start: entry.keyStart, length: UInt32(entry.keyLength), firstEntry: UInt32(sorted.count)))
                sorted.append(entry)
            }
            keys.append(KeyRecord(start: 0, length: 0, firstEntry: UInt32(sorted.count)))
            return (sorted, keys)
        }
    }

    private static func compareKeys(_ buffer: UnsafeBufferPointer<UInt8>, _ left: Entry, _ right: Entry) -> Int {
        compareBytes(
            buffer, Int(left.keyStart), Int(left.keyLength), buffer, Int(right.keyStart), Int(right.keyLength))
    }
}

/// `strcmp` order on two byte strings: the first differing byte decides, and a proper prefix comes first.
@inline(__always)
func compareBytes(
    _ left: UnsafeBufferPointer<UInt8>, _ leftStart: Int, _ leftCount: Int,
    _ right: UnsafeBufferPointer<UInt8>, _ rightStart: Int, _ rightCount: Int
) -> Int {
    let common = min(leftCount, rightCount)
    var index = 0
    while index < common {
        let a = left[leftStart &+ index]
        let b = right[rightStart &+ index]
        if a != b { return a < b ? -1 : 1 }
        index &+= 1
    }
    return leftCount == rightCount ? 0 : (leftCount < rightCount ? -1 : 1)
}

extension HanjaTable {
    /// The single pass over a file's bytes: entries in file order, and, as long as the keys arrive
    /// in order, the key records too.
    fileprivate struct Parser {
        let source: String
        var entries: [Entry] = []
        var keys: [KeyRecord] = []
        var problems: [HanjaFileProblem] = []
        var isSorted = true
        var maximumKeyLength = 0

        init(source: String) { self.source = source }

        private static let lineFeed: UInt8 = 0x0A
        private static let carriageReturn: UInt8 = 0x0D
        private static let colon: UInt8 = 0x3A
        private static let hash: UInt8 = 0x23

        mutating func parse(_ buffer: UnsafeBufferPointer<UInt8>) {
            let count = buffer.count
            var lineStart = 0
            var line = 0
            while lineStart < count {
                line += 1
                var lineEnd = lineStart
                var firstColon = -1
                var secondColon = -1
                var highBits: UInt8 = 0
                while lineEnd < count {
                    let byte = buffer[lineEnd]
                    if byte == Self.lineFeed { break }
                    if byte == Self.colon {
                        if firstColon < 0 {
                            firstColon = lineEnd
                        } else if secondColon < 0 {
                            secondColon = lineEnd
                        }
                    }
                    highBits |= byte
                    lineEnd &+= 1
                }
                let contentEnd =
                    lineEnd > lineStart && buffer[lineEnd - 1] == Self.carriageReturn ? lineEnd - 1 : lineEnd
                let start = lineStart
                lineStart = lineEnd + 1
                if Self.isBlank(buffer, start, contentEnd) || buffer[start] == Self.hash { continue }
                func skip(_ reason: String) {
                    problems.append(HanjaFileProblem(source: source, line: line, reason: reason))
                }
                let form = "; an entry is key:value or key:value:comment"
                guard contentEnd - start <= HanjaTable.maximumLineLength else {
                    skip("is longer than \(HanjaTable.maximumLineLength) bytes" + form)
                    continue
                }
                guard highBits < 0x80 || isValidUTF8(buffer, start, contentEnd) else {
                    skip("is not valid UTF-8; save the file as UTF-8")
                    continue
                }
                guard firstColon >= 0 else {
                    skip("has no value after the key" + form)
                    continue
                }
                guard firstColon > start else {
                    skip("has an empty key" + form)
                    continue
                }
                let valueEnd = secondColon >= 0 ? secondColon : contentEnd
                guard valueEnd > firstColon + 1 else {
                    skip("has an empty value" + form)
                    continue
                }
                let entry = Entry(
                    keyStart: UInt32(start),
                    keyLength: UInt16(firstColon - start),
                    valueLength: UInt16(valueEnd - firstColon - 1),
                    commentLength: secondColon >= 0 ? UInt16(contentEnd - secondColon - 1) : 0)
                add(entry, buffer)
            }
            keys.append(KeyRecord(start: 0, length: 0, firstEntry: UInt32(entries.count)))
        }

        private mutating func add(_ entry: Entry, _ buffer: UnsafeBufferPointer<UInt8>) {
            maximumKeyLength = max(maximumKeyLength, Int(entry.keyLength))
            if isSorted {
                let comparison =
                    keys.last.map { last in
                        compareBytes(
                            buffer, Int(last.start), Int(last.length), buffer, Int(entry.keyStart),
                            Int(entry.keyLength))
                    } ?? -1
                if comparison < 0 {
                    keys.append(
                        KeyRecord(
                            start: entry.keyStart, length: UInt32(entry.keyLength), firstEntry: UInt32(entries.count)))
                } else if comparison > 0 {
                    isSorted = false
                    keys = []
                }
            }
            entries.append(entry)
        }

        private static func isBlank(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
            var index = start
            while index < end {
                let byte = buffer[index]
                if byte != 0x20 && byte != 0x09 { return false }
                index += 1
            }
            return true
        }
    }
}

/// Whether `buffer[start..<end]` is well-formed UTF-8: no stray continuation bytes, no overlong
/// forms, no surrogates, nothing above U+10FFFF, no sequence cut short.
func isValidUTF8(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
    var index = start
    while index < end {
        let lead = buffer[index]
        if lead < 0x80 {
            index += 1
            continue
        }
        let length: Int
        var lower: UInt8 = 0x80
        var upper: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            lower = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            upper = 0x9F
        case 0xF0:
            length = 4
            lower = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            upper = 0x8F
        default: return false
        }
        guard end - index >= length else { return false }
        let second = buffer[index + 1]
        guard second >= lower && second <= upper else { return false }
        var offset = 2
        while offset < length {
            guard buffer[index + offset] & 0xC0 == 0x80 else { return false }
            offset += 1
        }
        index += length
    }
    return true
}
