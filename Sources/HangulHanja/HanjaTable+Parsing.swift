import HangulCore
import HangulSystem

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
    /// `:` (no value), with an empty key or value, longer than ``maximumLineLength``, not valid
    /// UTF-8, or holding a control character (U+0000–U+001F and DEL: ESC, CR, NUL, tab…, and the
    /// C1 controls a terminal acts on, ``actingC1Controls``), since a candidate is typed into the
    /// application as it is. The first ``reportedProblems`` such lines are reported one by one, the
    /// rest in one problem that counts them. Empty lines, lines of spaces and tabs, and lines
    /// starting with `#` are not entries and not problems. A `\r` before the line feed is dropped,
    /// so files saved with CRLF line ends read alike, and so is a byte order mark at the start of
    /// the file. The comment is everything after the second `:`, colons included.
    ///
    /// libhangul differs only on malformed lines, which it reads its own way rather than report:
    /// `strtok` skips empty fields (`:韓:x` gets the key 韓), a line without a second `:` keeps its
    /// line feed in the value, and lines longer than 511 bytes are split. None of the system files
    /// has such a line; the differential check confirms both read them identically.
    public init(parsing bytes: [UInt8], source: String) {
        self.init(parsing: bytes, source: source, identity: .none)
    }

    /// Builds a table from a file's bytes, its image stamped with the file's identity so that
    /// ``HanjaIndexCache`` can write it out and recognise it later.
    init(parsing bytes: [UInt8], source: String, identity: FileIdentity) {
        var problems: [FileProblem] = []
        var bytes = bytes
        if bytes.count > Self.maximumFileSize {
            problems.append(
                FileProblem(
                    source: source, line: 0,
                    reason:
                        "is larger than \(Self.maximumFileSize / 1024 / 1024) MiB, the most a dictionary file may be; "
                        + "split it into several files"))
            bytes = []
        }
        let storage = bytes.withUnsafeBufferPointer { buffer in
            var parsed = Self.parseLines(buffer, source: source)
            problems += parsed.problems
            var index = parsed.entries.withUnsafeBufferPointer { Self.index(buffer, $0) }
            if index == nil {
                parsed.entries = Self.sortedByKey(parsed.entries, buffer)
                index = parsed.entries.withUnsafeBufferPointer { Self.index(buffer, $0) }
            }
            guard let index else { preconditionFailure("internal inconsistency: sorted entries out of order") }
            let image = parsed.entries.withUnsafeBufferPointer { entries in
                index.withUnsafeBufferPointer { keys in
                    HanjaIndexImage.build(
                        bytes: buffer, entries: entries, keys: keys, maximumKeyLength: parsed.maximumKeyLength,
                        identity: identity)
                }
            }
            guard
                let validated = HanjaIndexImage.validated(
                    UnsafeRawBufferPointer(image.memory), expecting: nil, checkingRecords: false)
            else { preconditionFailure("internal inconsistency: a freshly built hanja index fails its own checks") }
            return Storage(image: validated, owner: image, isMapped: false)
        }
        self.source = source
        self.problems = problems
        self.storage = storage
    }

    /// The skipped lines reported one by one, per file; the rest are counted in one more problem.
    /// A file in another format (300,000 lines of it) made 300,000 problems, each a line of the
    /// daemon's log written on its event loop: 2.2 s and 61 MB (issue 23, fault 4).
    public static let reportedProblems = 10

    /// The C1 controls a terminal acts on, as bits by their offset from U+0080: IND, NEL, HTS, RI
    /// (U+0084, U+0085, U+0088, U+008D: lines and tabs), DCS, SOS (U+0090, U+0098) and CSI, ST, OSC,
    /// PM, APC (U+009B–U+009F), which start or end a sequence as ESC P, ESC [ and ESC ] do. The
    /// other C1 codes do nothing on a screen, and libhangul's own `hanja.txt` has two of them (U+0092
    /// and U+0080 in 무등's entry, line 81,506), so they load; every C0 control and DEL is refused.
    static let actingC1Controls: UInt32 =
        1 << 0x04 | 1 << 0x05 | 1 << 0x08 | 1 << 0x0D | 1 << 0x10 | 1 << 0x18 | 1 << 0x1B | 1 << 0x1C | 1 << 0x1D
        | 1 << 0x1E | 1 << 0x1F

    private static let lineFeed: UInt8 = 0x0A
    private static let carriageReturn: UInt8 = 0x0D
    private static let colon: UInt8 = 0x3A
    private static let hash: UInt8 = 0x23

    /// The single pass over a file's bytes: its entries in file order and the lines skipped.
    private static func parseLines(
        _ buffer: UnsafeBufferPointer<UInt8>, source: String
    ) -> (entries: [Entry], problems: [FileProblem], maximumKeyLength: Int) {
        var problems: [FileProblem] = []
        var skipped = 0
        var maximumKeyLength = 0
        // Room for as many entries as there can be lines of at least four bytes (`k:v` and its line
        // feed), reserved up front: no regrowth copies, and pages never written are never resident.
        let entries = [Entry](unsafeUninitializedCapacity: buffer.count / 4 + 1) { output, initialized in
            let count = buffer.count
            var entryCount = 0
            // A byte order mark, which some editors write at the start of a UTF-8 file, is not part
            // of the first key (it made the first entry impossible to find).
            var lineStart = count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
            var line = 0
            while lineStart < count {
                line &+= 1
                var lineEnd = lineStart
                var firstColon = -1
                var secondColon = -1
                var isValid = true
                // The first control character of the line (C0, DEL or C1) and its scalar value.
                var control = -1
                var controlScalar: UInt32 = 0
                // One step per character: ASCII is checked for the separators, a multi-byte sequence
                // is validated and stepped over whole (a separator is never inside one).
                while lineEnd < count {
                    let byte = buffer[lineEnd]
                    if byte < 0x80 {
                        if byte == lineFeed { break }
                        if byte == colon {
                            if firstColon < 0 {
                                firstColon = lineEnd
                            } else if secondColon < 0 {
                                secondColon = lineEnd
                            }
                        } else if (byte < 0x20 || byte == 0x7F) && control < 0 {
                            control = lineEnd
                            controlScalar = UInt32(byte)
                        }
                        lineEnd &+= 1
                    } else if byte &- 0xE1 < 0x0D && count &- lineEnd >= 3 {
                        // Leads E1…ED, which cover every Hangul syllable and most hanja: two
                        // continuation bytes, and below U+D800 after ED.
                        let second = buffer[lineEnd &+ 1]
                        let third = buffer[lineEnd &+ 2]
                        if second & 0xC0 == 0x80 && third & 0xC0 == 0x80 && (byte != 0xED || second < 0xA0) {
                            lineEnd &+= 3
                        } else {
                            isValid = false
                            lineEnd &+= 1
                        }
                    } else {
                        let length = utf8SequenceLength(buffer, lineEnd)
                        isValid = isValid && length > 0
                        // C1 controls, U+0080–U+009F, are C2 80 to C2 9F; see `actingC1Controls`.
                        if byte == 0xC2 && length == 2 && control < 0 {
                            let second = buffer[lineEnd &+ 1]
                            if second < 0xA0 && Self.actingC1Controls & (1 << UInt32(second & 0x1F)) != 0 {
                                control = lineEnd
                                controlScalar = UInt32(second)
                            }
                        }
                        lineEnd &+= max(length, 1)
                    }
                }
                let contentEnd = lineEnd > lineStart && buffer[lineEnd - 1] == carriageReturn ? lineEnd - 1 : lineEnd
                let start = lineStart
                lineStart = lineEnd &+ 1
                if isBlank(buffer, start, contentEnd) || buffer[start] == hash { continue }
                let reason: String
                let valueEnd = secondColon >= 0 ? secondColon : contentEnd
                let form = "; an entry is key:value or key:value:comment"
                if contentEnd - start > HanjaTable.maximumLineLength {
                    reason = "is longer than \(HanjaTable.maximumLineLength) bytes" + form
                } else if !isValid {
                    reason = "is not valid UTF-8; save the file as UTF-8"
                } else if firstColon < 0 {
                    reason = "has no value after the key" + form
                } else if firstColon == start {
                    reason = "has an empty key" + form
                } else if valueEnd == firstColon + 1 {
                    reason = "has an empty value" + form
                } else if control >= 0 && control < contentEnd {
                    // A candidate is inserted as typed text: in a terminal ESC starts a sequence
                    // and CR presses Enter (issue 23, hole D4). A CR that ends the line is not here,
                    // since `contentEnd` is before it.
                    let field = control < firstColon ? "key" : control < valueEnd ? "value" : "meaning"
                    reason =
                        "has a control character (\(Self.scalarName(controlScalar))) in its \(field); a candidate is "
                        + "typed into the application as it is, so remove it"
                } else {
                    let keyLength = firstColon - start
                    maximumKeyLength = max(maximumKeyLength, keyLength)
                    output[entryCount] = Entry(
                        keyStart: UInt32(start),
                        keyLength: UInt16(keyLength),
                        valueLength: UInt16(valueEnd - firstColon - 1),
                        commentLength: secondColon >= 0 ? UInt16(contentEnd - secondColon - 1) : 0)
                    entryCount &+= 1
                    continue
                }
                skipped &+= 1
                if skipped <= Self.reportedProblems {
                    problems.append(FileProblem(source: source, line: line, reason: reason))
                }
            }
            initialized = entryCount
        }
        if skipped > Self.reportedProblems {
            problems.append(
                FileProblem(
                    source: source, line: 0,
                    reason:
                        "\(skipped - Self.reportedProblems) more lines were skipped (\(skipped) in all); the first ten are "
                        + "reported above, each with its reason; is it a dictionary in libhangul's key:value:comment "
                        + "format?"))
        }
        return (entries, problems, maximumKeyLength)
    }

    /// `U+001B`: a scalar as the Unicode standard writes it, at least four hex digits.
    static func scalarName(_ scalar: UInt32) -> String {
        let digits = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
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

    /// The key records (see ``Storage/keys``) of entries already grouped by key in byte order, or nil
    /// as soon as a key is found out of order.
    private static func index(_ bytes: UnsafeBufferPointer<UInt8>, _ entries: UnsafeBufferPointer<Entry>) -> [UInt64]? {
        var isSorted = true
        let keys = [UInt64](unsafeUninitializedCapacity: 3 * (entries.count + 1)) { records, initialized in
            var keyCount = 0
            var previous = (high: UInt64(0), low: UInt64(0), entry: -1)
            for index in 0..<entries.count {
                let entry = entries[index]
                let start = Int(entry.keyStart)
                let length = Int(entry.keyLength)
                let high = keyPrefix(bytes, start, length)
                let low = length > 8 ? keyPrefix(bytes, start + 8, length - 8) : 0
                let comparison: Int
                if previous.entry < 0 {
                    comparison = -1
                } else if previous.high != high {
                    comparison = previous.high < high ? -1 : 1
                } else if previous.low != low {
                    comparison = previous.low < low ? -1 : 1
                } else {
                    let before = entries[previous.entry]
                    comparison = compareAfterPrefixes(
                        bytes, Int(before.keyStart), Int(before.keyLength), bytes, start, length)
                }
                if comparison > 0 {
                    isSorted = false
                    break
                }
                if comparison < 0 {
                    records[3 * keyCount] = high
                    records[3 * keyCount + 1] = low
                    records[3 * keyCount + 2] = UInt64(index) | UInt64(length) << 32
                    keyCount += 1
                    previous = (high, low, index)
                }
            }
            records[3 * keyCount] = 0
            records[3 * keyCount + 1] = 0
            records[3 * keyCount + 2] = UInt64(entries.count)
            initialized = isSorted ? 3 * (keyCount + 1) : 0
        }
        return isSorted ? keys : nil
    }

    /// The entries of an unsorted file grouped by key, keys in byte order, entries of one key in file
    /// order (the sort breaks ties by position).
    private static func sortedByKey(_ entries: [Entry], _ buffer: UnsafeBufferPointer<UInt8>) -> [Entry] {
        entries.indices.sorted { left, right in
            let a = entries[left]
            let b = entries[right]
            let comparison = compareBytes(
                buffer, Int(a.keyStart), Int(a.keyLength), buffer, Int(b.keyStart), Int(b.keyLength))
            return comparison != 0 ? comparison < 0 : left < right
        }.map { entries[$0] }
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

/// `strcmp` order on two keys whose first sixteen bytes (zero-padded) are equal: by the bytes after
/// those when both are longer, else by length, since then the shorter is a prefix of the longer.
@inline(__always)
func compareAfterPrefixes(
    _ left: UnsafeBufferPointer<UInt8>, _ leftStart: Int, _ leftCount: Int,
    _ right: UnsafeBufferPointer<UInt8>, _ rightStart: Int, _ rightCount: Int
) -> Int {
    guard leftCount > 16 && rightCount > 16 else {
        return leftCount == rightCount ? 0 : (leftCount < rightCount ? -1 : 1)
    }
    return compareBytes(left, leftStart + 16, leftCount - 16, right, rightStart + 16, rightCount - 16)
}

/// The first eight bytes of `buffer[start..<start + count]` as a big-endian integer, zero-padded:
/// integer order on prefixes is `strcmp` order on the keys as far as those bytes decide.
@inline(__always)
func keyPrefix(_ buffer: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int) -> UInt64 {
    guard let base = buffer.baseAddress, count > 0 else { return 0 }
    if buffer.count - start >= 8 {
        let word = UInt64(bigEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
        return count >= 8 ? word : word & ~(UInt64.max >> (8 * count))
    }
    var value: UInt64 = 0
    var index = 0
    let end = min(count, 8)
    while index < end {
        value |= UInt64(buffer[start &+ index]) << (56 - 8 * index)
        index &+= 1
    }
    return value
}

/// The length of the well-formed UTF-8 sequence that starts at `index` with a byte of 0x80 or more,
/// or 0 when it is not one: a stray continuation byte, an overlong form, a surrogate, a value above
/// U+10FFFF or a sequence cut short.
@inline(__always)
func utf8SequenceLength(_ buffer: UnsafeBufferPointer<UInt8>, _ index: Int) -> Int {
    let lead = buffer[index]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xC2...0xDF: length = 2
    case 0xE0:
        length = 3
        lower = 0xA0
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
    default: return 0
    }
    guard buffer.count - index >= length else { return 0 }
    let second = buffer[index &+ 1]
    guard second >= lower && second <= upper else { return 0 }
    if length >= 3 && buffer[index &+ 2] & 0xC0 != 0x80 { return 0 }
    if length == 4 && buffer[index &+ 3] & 0xC0 != 0x80 { return 0 }
    return length
}
