import HangulCore
import HangulKeys
import HangulProtocol

/// Receives each key's result and keeps the field's text, printing per key for `--trace` and
/// `--json`: the printing half of ``LineTypist``.
struct StepPrinter: StepSink {
    let format: OutputFormat
    let output: OutputBuffer
    /// The display columns of `--trace`'s commit and preedit columns: 8 (four syllables) holds
    /// anything syllable mode shows; word mode shows words, so it gets 20 (ten syllables), and a
    /// longer word still leaves a space before the next column.
    let textColumns: Int
    /// The text the application would hold, as UTF-8.
    var text: [UInt8] = []
    /// The JSON lines of the batch being typed, `lines[..<linesEnd]`, written out at its end. They
    /// are written through a cursor into room made ahead: the array is kept filled to its size,
    /// which only grows (from 64 KiB at the first line, so plain output makes none), and a line
    /// costs one check of room and one of uniqueness, where appending its five pieces cost five of
    /// each (most of `--json`'s cost beyond plain output).
    private var lines: [UInt8] = []
    private var linesEnd = 0
    /// A conversion step's line and the text line, which have members typing lines do not.
    private var writer = JSONWriter(capacity: 256)
    private var notations = KeyNotations()
    /// For each ASCII keysym, the modifiers with which its notation is the character itself (`r`,
    /// `R` with Shift), or `UInt32.max` when it never is (`<`, controls, space). Made for `--json`
    /// only, which keeps a line prefix per key: parsing 94 characters was a tenth of a short plain
    /// run.
    private let bareCharacter: [UInt32]
    /// Kept JSON line prefixes, back to back: slot `n`'s two prefixes (with a commit to follow, and
    /// with an empty commit) are `prefixBytes[prefixBounds[2n]..<prefixBounds[2n + 1]]` and
    /// `[prefixBounds[2n + 1]..<prefixBounds[2n + 2]]`.
    private var prefixBytes: [UInt8] = []
    private var prefixBounds: [Int] = [0]
    /// The slot of each bare ASCII key's prefixes (-1 until made), and of any other key's.
    private var asciiSlots = [Int](repeating: -1, count: 128)
    private var prefixSlots: [UInt64: Int] = [:]

    init(format: OutputFormat, output: OutputBuffer, commitUnit: CommitUnit = .syllable) {
        self.format = format
        self.output = output
        textColumns = commitUnit == .word ? 20 : 8
        bareCharacter = format == .json ? Self.bareCharacters() : []
    }

    /// ``bareCharacter``'s table, as the notation parser and writer decide it.
    private static func bareCharacters() -> [UInt32] {
        var bare = [UInt32](repeating: .max, count: 128)
        for byte in UInt8(0x21)..<0x7F {
            guard let keys = try? KeyNotation.parse(String(Unicode.Scalar(byte))), let key = keys.first,
                key.keysym.rawValue == UInt32(byte), key.notation == String(Unicode.Scalar(byte))
            else { continue }
            bare[Int(byte)] = key.modifiers.rawValue
        }
        return bare
    }

    /// Plain text output prints what is committed; `--trace` and `--json` print every preedit.
    var needsPreedit: Bool { format != .text }

    @inline(__always)
    mutating func take<Text: EngineText>(_ key: KeyPress, handled: Bool, commit: Text, preedit: Text) throws {
        if !commit.isEmptyText { commit.appendUTF8(to: &text) }
        if !handled { forward(key) }
        switch format {
        case .text: break
        case .trace: printTrace(key, handled: handled, commit: commit, preedit: preedit)
        case .json: printJSON(key, handled: handled, commit: commit, preedit: preedit)
        }
    }

    /// A step with no preedit to show, its commit appended where the engine holds it.
    @inline(__always)
    mutating func take(_ key: KeyPress, handled: Bool, committing commit: inout ComposedText) throws {
        guard format == .text else {
            try take(key, handled: handled, commit: commit, preedit: ComposedText())
            return
        }
        commit.appendUTF8InPlace(to: &text)
        if !handled { forward(key) }
    }

    /// A conversion step: the field loses the characters a pick replaces before the commit, and
    /// `--json` lines end with `delete_before` and `candidates` as the protocol's replies do.
    mutating func take(
        _ key: KeyPress, handled: Bool, commit: String, preedit: String, deleteBefore: Int,
        candidates: CandidatesMember
    ) throws {
        for _ in 0..<deleteBefore {
            while let last = text.last, last & 0xC0 == 0x80 { text.removeLast() }
            if !text.isEmpty { text.removeLast() }
        }
        commit.appendUTF8(to: &text)
        if !handled { forward(key) }
        switch format {
        case .text: break
        case .trace: printTrace(key, handled: handled, commit: commit, preedit: preedit)
        case .json:
            writer.raw("{\"key\":")
            notations.notation(of: key).withUnsafeBufferPointer { writer.string(utf8: $0) }
            writer.raw(",\"commit\":")
            writer.string(commit)
            writer.raw(",\"preedit\":")
            writer.string(preedit)
            writer.raw(handled ? ",\"handled\":true" : ",\"handled\":false")
            writer.conversionMembers(deleteBefore: deleteBefore, candidates: candidates)
            writer.raw("}\n")
            writer.bytes.withUnsafeBufferPointer { line in
                writeLine(room: line.count) { cursor in cursor.put(line) }
            }
            writer.removeAll()
        }
    }

    /// The field's text, whose end a fix key works on.
    var textBeforeCursor: String {
        // At most four bytes a character; a cut inside a character drops its continuation bytes.
        let tail = text.suffix(4 * InputContext.surroundingLimit).drop { $0 & 0xC0 == 0x80 }
        return String(decoding: tail, as: UTF8.self)
    }

    /// What a key the engine let through does to a plain text field: BackSpace deletes the
    /// character before the cursor; a key with Control, Alt or Super inserts nothing (a shortcut);
    /// otherwise the character its keysym types, if any (none for Return, Tab, Escape).
    ///
    /// BackSpace and the modifiers are compared as literals (``InProcessEngine/backSpaceKeysym``,
    /// ``shortcutModifierBits``): globals of another module are each read through a
    /// lazy-initialisation check, and every space typed is forwarded here (issue 25).
    @inline(__always)
    private mutating func forward(_ key: KeyPress) {
        let value = key.keysym.rawValue
        if value == InProcessEngine.backSpaceKeysym {
            while let last = text.last, last & 0xC0 == 0x80 { text.removeLast() }
            if !text.isEmpty { text.removeLast() }
            return
        }
        guard key.modifiers.rawValue & Self.shortcutModifierBits == 0 else { return }
        if value >= 0x20, value < 0x7F {
            text.append(UInt8(truncatingIfNeeded: value))
        } else if let character = key.keysym.character {
            text.append(contentsOf: String(character).utf8)
        }
    }

    /// `ModifierMask.control`, `.mod1` and `.mod4` (Control, Alt, Super) as literals, checked
    /// against them by a test: a key with any of them is a shortcut and inserts nothing.
    static let shortcutModifierBits: UInt32 = 1 << 2 | 1 << 3 | 1 << 6

    private mutating func printJSON<Text: EngineText>(_ key: KeyPress, handled: Bool, commit: Text, preedit: Text) {
        // `{"key":"r","commit":` (or with `"","preedit":` on, when nothing is committed, as for most
        // keys) is written once per kind of key and kept.
        let commitIsEmpty = commit.isEmptyText
        let slot = prefixSlot(of: key) * 2 + (commitIsEmpty ? 1 : 0)
        let (start, end) = (prefixBounds[slot], prefixBounds[slot + 1])
        let between: StaticString = #"","preedit":""#
        let tail: StaticString = handled ? #"","handled":true}\#n"# : #"","handled":false}\#n"#
        let room =
            end - start + 1 + (commitIsEmpty ? 0 : commit.jsonEscapedBound + between.utf8CodeUnitCount)
            + preedit.jsonEscapedBound + tail.utf8CodeUnitCount
        prefixBytes.withUnsafeBufferPointer { prefixes in
            writeLine(room: room) { cursor in
                cursor.put(UnsafeBufferPointer(rebasing: prefixes[start..<end]))
                cursor.put(UInt8(ascii: "\""))
                if !commitIsEmpty {
                    commit.writeJSONEscaped(at: &cursor)
                    cursor.put(between)
                }
                preedit.writeJSONEscaped(at: &cursor)
                cursor.put(tail)
            }
        }
    }

    /// Writes a line of at most `room` bytes after the batch's lines, through the cursor `body`
    /// moves past what it writes.
    @inline(__always)
    private mutating func writeLine(room: Int, _ body: (inout UnsafeMutablePointer<UInt8>) -> Void) {
        let start = linesEnd
        if start + room > lines.count {
            lines.append(contentsOf: repeatElement(0, count: max(room, lines.count, 1 << 16)))
        }
        linesEnd = lines.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                preconditionFailure("internal inconsistency: the lines' room has no storage")
            }
            var cursor = base + start
            body(&cursor)
            let written = base.distance(to: cursor)
            precondition(written - start <= room, "internal inconsistency: a line outgrew the room made for it")
            return written
        }
    }

    /// The index of a key's kept prefixes, made on first use.
    private mutating func prefixSlot(of key: KeyPress) -> Int {
        let id = UInt64(key.keysym.rawValue) << 32 | UInt64(key.modifiers.rawValue)
        let value = key.keysym.rawValue
        if value < 0x80, bareCharacter[Int(value)] == key.modifiers.rawValue, asciiSlots[Int(value)] >= 0 {
            return asciiSlots[Int(value)]
        }
        if let known = prefixSlots[id] { return known }
        let slot = prefixBounds.count / 2
        var fragment = JSONWriter(capacity: 64)
        fragment.raw("{\"key\":")
        notations.notation(of: key).withUnsafeBufferPointer { fragment.string(utf8: $0) }
        fragment.raw(",\"commit\":")
        prefixBytes += fragment.bytes
        prefixBounds.append(prefixBytes.count)
        fragment.raw("\"\",\"preedit\":")
        prefixBytes += fragment.bytes
        prefixBounds.append(prefixBytes.count)
        if value < 0x80, bareCharacter[Int(value)] == key.modifiers.rawValue {
            asciiSlots[Int(value)] = slot
        } else if prefixSlots.count < 4096 {
            prefixSlots[id] = slot
        }
        return slot
    }

    /// Moves the batch's JSON lines to the output.
    mutating func endBatch() {
        guard linesEnd > 0 else { return }
        lines.withUnsafeBufferPointer { output.appendWithoutDraining(UnsafeBufferPointer(rebasing: $0[..<linesEnd])) }
        linesEnd = 0
    }

    private mutating func printTrace<Text: EngineText>(_ key: KeyPress, handled: Bool, commit: Text, preedit: Text) {
        let notation = String(decoding: notations.notation(of: key), as: UTF8.self)
        output.appendWithoutDraining(
            Array(
                (Self.pad(notation, 16) + Self.pad(commit.string, textColumns) + Self.pad(preedit.string, textColumns)
                    + (handled ? "yes" : "no") + "\n").utf8))
    }

    /// Prints the text at the end of an input.
    mutating func printText() throws {
        switch format {
        case .text:
            text.append(0x0A)
            try output.append(text)
        case .trace:
            try output.append("→ ")
            text.append(contentsOf: [0x0A, 0x0A])
            try output.append(text)
        case .json:
            endBatch()
            writer.raw("{\"text\":")
            text.withUnsafeBufferPointer { writer.string(utf8: $0) }
            writer.raw("}\n")
            try output.append(writer.bytes)
            writer.removeAll()
        }
    }

    /// The header line of `--trace`, over the columns its lines use.
    var traceHeader: String {
        Self.pad("key", 16) + Self.pad("commit", textColumns) + Self.pad("preedit", textColumns) + "handled\n"
    }

    /// Pads by display columns, counting Hangul and other wide characters as two.
    static func pad(_ text: String, _ width: Int) -> String {
        let columns = text.unicodeScalars.reduce(0) { sum, scalar in
            sum + ((0x1100...0x115F).contains(scalar.value) || (0x2E80...0xD7A3).contains(scalar.value) ? 2 : 1)
        }
        return text + String(repeating: " ", count: max(1, width - columns))
    }
}
