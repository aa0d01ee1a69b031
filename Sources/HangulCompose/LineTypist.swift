import HangulKeys
import HangulProtocol

/// Types inputs of key notation through an engine and prints one result per input, reading each
/// input as a stream of bytes.
///
/// An input (a line of standard input or a KEYS argument) arrives in pieces (``feed(_:)``), is
/// scanned byte by byte and typed in batches as it goes, so no input is ever held whole: memory
/// grows with the text an input produces, never with its keys. Printable ASCII, which notation is
/// mostly written in, is read from a table; anything else (`<name>`, other characters) takes the
/// slow path through `KeyNotation.parse`, so both read exactly alike.
///
/// Bad input never stops a batch: an input that is not UTF-8 or names an unknown key is reported on
/// standard error with its number and position, its output is empty, and the batch goes on;
/// ``failures`` counts them for the exit status. Since keys are typed before the end of the input
/// is seen, an input found bad is taken back: its text is dropped, and with `--trace` and `--json`
/// the lines it printed are held until it ends and discarded (unless it printed more than the
/// output's held limit, 1 MiB, in which case they are already written).
public struct LineTypist<Engine: KeyEngine> {
    public private(set) var engine: Engine
    public let format: OutputFormat
    let output: OutputBuffer
    let errors: OutputBuffer
    /// What an input is called in error messages: "line" for standard input, "argument" for KEYS.
    let inputName: String
    /// How many inputs were bad.
    public private(set) var failures = 0

    private var table = KeyTable()
    private var batch: [KeyPress] = []
    private var steps: [KeyStep<Engine.Text>] = []
    private var writer = JSONWriter(capacity: 256)
    private var scratch: [UInt8] = []
    /// Keys typed per engine call: large enough to amortize a daemon round trip, small enough to
    /// keep memory flat.
    private let batchSize = 1024

    // The input being typed.
    private var number = 0
    /// The text the application would hold, as UTF-8.
    private var text: [UInt8] = []
    /// Scalars read so far, for notation error positions (1-based once incremented).
    private var position = 0
    /// Bytes read so far, for UTF-8 error positions.
    private var byteCount = 0
    /// An incomplete UTF-8 sequence and the offset of its first byte.
    private var pendingScalar: [UInt8] = []
    private var pendingScalarOffset = 0
    private var pendingScalarLength = 0
    /// The bytes after an open `<`, and the position of the `<`.
    private var keyName: [UInt8]?
    private var keyNamePosition = 0
    private var notationError: KeyNotationError?
    private var invalidUTF8Offset: Int?
    private var begun = false

    public init(engine: Engine, format: OutputFormat, output: OutputBuffer, errors: OutputBuffer, inputName: String) {
        self.engine = engine
        self.format = format
        self.output = output
        self.errors = errors
        self.inputName = inputName
        batch.reserveCapacity(batchSize)
        steps.reserveCapacity(batchSize)
    }

    /// Types one whole input.
    public mutating func type(_ bytes: UnsafeBufferPointer<UInt8>, number: Int) throws {
        begin(number: number)
        try feed(bytes)
        try end()
    }

    /// Starts input number `number`.
    public mutating func begin(number: Int) {
        self.number = number
        text.removeAll(keepingCapacity: text.capacity <= 1 << 20)
        position = 0
        byteCount = 0
        pendingScalar.removeAll()
        keyName = nil
        notationError = nil
        invalidUTF8Offset = nil
        begun = false
        if format != .text { output.hold() }
        if format == .trace {
            output.appendWithoutDraining(
                Array("\(Self.pad("key", 16))\(Self.pad("commit", 8))\(Self.pad("preedit", 8))handled\n".utf8))
        }
    }

    /// Reads the next piece of the current input, typing the keys it completes.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        defer { byteCount += bytes.count }
        guard invalidUTF8Offset == nil else { return }
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80, pendingScalar.isEmpty, keyName == nil, notationError == nil {
                let packed = table.packed(ascii: byte)
                if packed != 0 {
                    position += 1
                    batch.append(KeyTable.unpack(packed))
                    if batch.count == batchSize { try typeBatch() }
                    index += 1
                    continue
                }
            }
            try slowPath(byte, offset: byteCount + index)
            if invalidUTF8Offset != nil { return }
            index += 1
        }
    }

    /// Ends the current input: types what is left and prints the result, or reports the error.
    public mutating func end() throws {
        if !pendingScalar.isEmpty, invalidUTF8Offset == nil { invalidUTF8Offset = pendingScalarOffset }
        if let offset = invalidUTF8Offset {
            return try fail("not valid UTF-8 at byte \(offset + 1)")
        }
        if keyName != nil, notationError == nil { notationError = .unterminated(position: keyNamePosition) }
        if let error = notationError {
            return try fail("\(error)")
        }
        try typeBatch()
        if !begun {
            try engine.begin()
            begun = true
        }
        try engine.finish().appendUTF8(to: &text)
        switch format {
        case .text:
            text.append(0x0A)
            try output.append(text)
        case .trace:
            try output.append("→ ")
            text.append(contentsOf: [0x0A, 0x0A])
            try output.append(text)
        case .json:
            writer.removeAll()
            writer.raw("{\"text\":")
            text.withUnsafeBufferPointer { writer.string(utf8: $0) }
            writer.raw("}\n")
            try output.append(writer.bytes)
        }
        output.release()
        try output.drainIfFull()
    }

    // MARK: - Scanning

    private mutating func slowPath(_ byte: UInt8, offset: Int) throws {
        if !pendingScalar.isEmpty {
            guard byte & 0xC0 == 0x80 else {
                invalidUTF8Offset = pendingScalarOffset
                return
            }
            pendingScalar.append(byte)
            guard pendingScalar.count == pendingScalarLength else { return }
            let decoded = pendingScalar.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) }
            pendingScalar.removeAll(keepingCapacity: true)
            guard let scalar = decoded?.unicodeScalars.first else {
                invalidUTF8Offset = pendingScalarOffset
                return
            }
            return try read(scalar)
        }
        switch byte {
        case 0..<0x80:
            try read(Unicode.Scalar(byte))
        case 0xC2...0xDF, 0xE0...0xEF, 0xF0...0xF4:
            pendingScalarLength = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
            pendingScalarOffset = offset
            pendingScalar.append(byte)
        default:
            invalidUTF8Offset = offset
        }
    }

    /// Reads one scalar of notation outside the ASCII fast path.
    private mutating func read(_ scalar: Unicode.Scalar) throws {
        position += 1
        guard notationError == nil else { return }
        if keyName != nil {
            switch scalar {
            case ">":
                let name = keyName ?? []
                keyName = nil
                let chord = "<" + String(decoding: name, as: UTF8.self) + ">"
                do {
                    for key in try KeyNotation.parse(chord) {
                        try append(KeyPress(keysym: key.keysym, modifiers: key.modifiers))
                    }
                } catch let error as KeyNotationError {
                    notationError = error.shifted(by: keyNamePosition - 1)
                }
            case "<":
                notationError = .unterminated(position: keyNamePosition)
                keyName = nil
            default:
                keyName?.append(contentsOf: String(scalar).utf8)
            }
            return
        }
        if scalar == "<" {
            keyName = []
            keyNamePosition = position
            return
        }
        switch table.key(for: scalar) {
        case .success(let key): try append(key)
        case .failure(let error): notationError = error.shifted(by: position - 1)
        }
    }

    private mutating func append(_ key: KeyPress) throws {
        batch.append(key)
        if batch.count == batchSize { try typeBatch() }
    }

    // MARK: - Typing and printing

    private mutating func typeBatch() throws {
        guard !batch.isEmpty else { return }
        if !begun {
            try engine.begin()
            begun = true
        }
        steps.removeAll(keepingCapacity: true)
        try engine.type(batch, into: &steps)
        for index in steps.indices {
            let step = steps[index]
            step.commit.appendUTF8(to: &text)
            if !step.handled { forward(batch[index]) }
            switch format {
            case .text: break
            case .trace: try printTrace(step, key: batch[index])
            case .json: try printJSON(step, key: batch[index])
            }
        }
        batch.removeAll(keepingCapacity: true)
        try output.drainIfFull()
    }

    /// What a key the engine let through does to a plain text field: BackSpace deletes the
    /// character before the cursor; a key with Control, Alt or Super inserts nothing (a shortcut);
    /// otherwise the character its keysym types, if any (none for Return, Tab, Escape).
    @inline(__always)
    private mutating func forward(_ key: KeyPress) {
        let value = key.keysym.rawValue
        if key.keysym == .backSpace {
            while let last = text.last, last & 0xC0 == 0x80 { text.removeLast() }
            if !text.isEmpty { text.removeLast() }
            return
        }
        guard key.modifiers.isDisjoint(with: [.control, .mod1, .mod4]) else { return }
        if value >= 0x20, value < 0x7F {
            text.append(UInt8(truncatingIfNeeded: value))
        } else if let character = key.keysym.character {
            text.append(contentsOf: String(character).utf8)
        }
    }

    private mutating func printJSON(_ step: KeyStep<Engine.Text>, key: KeyPress) throws {
        writer.removeAll()
        writer.raw("{\"key\":")
        table.notation(of: key).withUnsafeBufferPointer { writer.string(utf8: $0) }
        writer.raw(",\"commit\":")
        scratch.removeAll(keepingCapacity: true)
        step.commit.appendUTF8(to: &scratch)
        scratch.withUnsafeBufferPointer { writer.string(utf8: $0) }
        writer.raw(",\"preedit\":")
        scratch.removeAll(keepingCapacity: true)
        step.preedit.appendUTF8(to: &scratch)
        scratch.withUnsafeBufferPointer { writer.string(utf8: $0) }
        writer.raw(",\"handled\":")
        writer.bool(step.handled)
        writer.raw("}\n")
        output.appendWithoutDraining(writer.bytes)
    }

    private mutating func printTrace(_ step: KeyStep<Engine.Text>, key: KeyPress) throws {
        let notation = String(decoding: table.notation(of: key), as: UTF8.self)
        output.appendWithoutDraining(
            Array(
                (Self.pad(notation, 16) + Self.pad(step.commit.string, 8) + Self.pad(step.preedit.string, 8)
                    + (step.handled ? "yes" : "no") + "\n").utf8))
    }

    /// Reports the current input as bad and prints its empty result.
    private mutating func fail(_ message: String) throws {
        if begun { _ = try engine.finish() }
        batch.removeAll(keepingCapacity: true)
        output.discardHeld()
        failures += 1
        try output.drain()
        try? errors.append("hangul-compose: \(inputName) \(number): \(message)\n")
        switch format {
        case .text: try output.append("\n")
        case .trace: try output.append("→ \n\n")
        case .json: try output.append("{\"text\":\"\"}\n")
        }
        try output.drainIfFull()
    }

    /// Pads by display columns, counting Hangul and other wide characters as two.
    static func pad(_ text: String, _ width: Int) -> String {
        let columns = text.unicodeScalars.reduce(0) { sum, scalar in
            sum + ((0x1100...0x115F).contains(scalar.value) || (0x2E80...0xD7A3).contains(scalar.value) ? 2 : 1)
        }
        return text + String(repeating: " ", count: max(1, width - columns))
    }
}
