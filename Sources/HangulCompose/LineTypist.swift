import HangulCore
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
    private var printer: StepPrinter
    /// Keys typed per engine call: large enough to amortize a daemon round trip, small enough to
    /// keep memory flat.
    private let batchSize = 1024

    // The input being typed.
    private var number = 0
    /// Scalars read so far, for notation error positions (1-based once incremented).
    private var position = 0
    /// Bytes read so far, for UTF-8 error positions.
    private var byteCount = 0
    /// An incomplete UTF-8 sequence and the offset of its first byte.
    private var pendingScalar: [UInt8] = []
    private var pendingScalarOffset = 0
    private var pendingScalarLength = 0
    /// Whether a `<` is open; the bytes after it (a reused buffer), and the position of the `<`.
    private var inKeyName = false
    private var keyName: [UInt8] = []
    private var keyNamePosition = 0
    private var notationError: KeyNotationError?
    private var invalidUTF8Offset: Int?
    private var begun = false

    public init(
        engine: Engine, format: OutputFormat, output: OutputBuffer, errors: OutputBuffer, inputName: String,
        commitUnit: CommitUnit = .syllable
    ) {
        self.engine = engine
        self.format = format
        self.output = output
        self.errors = errors
        self.inputName = inputName
        printer = StepPrinter(format: format, output: output, commitUnit: commitUnit)
        batch.reserveCapacity(batchSize)
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
        printer.text.removeAll(keepingCapacity: printer.text.capacity <= 1 << 20)
        position = 0
        byteCount = 0
        pendingScalar.removeAll()
        inKeyName = false
        notationError = nil
        invalidUTF8Offset = nil
        begun = false
        if format != .text { output.hold() }
        if format == .trace {
            output.appendWithoutDraining(Array(printer.traceHeader.utf8))
        }
    }

    /// Reads the next piece of the current input, typing the keys it completes.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) throws {
        defer { byteCount += bytes.count }
        guard invalidUTF8Offset == nil else { return }
        var index = 0
        let count = bytes.count
        while index < count {
            if pendingScalar.isEmpty, !inKeyName, notationError == nil {
                index = try scanKeys(bytes, from: index)
                if index == count { return }
            }
            try slowPath(bytes[index], offset: byteCount + index)
            if invalidUTF8Offset != nil { return }
            index += 1
        }
    }

    /// Reads keys from `start` on while the table knows them (a printable ASCII character, or the
    /// key name read last, such as the `<BackSpace>` of every typo), and returns the index of the
    /// first byte it leaves to the slow path, or the end.
    ///
    /// A run of its own, so that the scanner's state (an open `<`, a partial character, an error)
    /// is tested once per run rather than once per byte; and a repeated key name is matched in
    /// place rather than read byte by byte (issue 25). Both read exactly what the slow path reads.
    @inline(__always)
    private mutating func scanKeys(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws -> Int {
        var index = start
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            guard byte < 0x80 else { return index }
            let packed = table.packed(ascii: byte)
            if packed != 0 {
                position += 1
                batch.append(KeyTable.unpack(packed))
                index += 1
            } else if byte == UInt8(ascii: "<"), let (key, end) = table.repeatedName(in: bytes, at: index) {
                // One position per byte: the name is ASCII.
                position += end - index
                batch.append(key)
                index = end
            } else {
                return index
            }
            if batch.count == batchSize { try typeBatch() }
        }
        return index
    }

    /// Ends the current input: types what is left and prints the result, or reports the error.
    public mutating func end() throws {
        if !pendingScalar.isEmpty, invalidUTF8Offset == nil { invalidUTF8Offset = pendingScalarOffset }
        if let offset = invalidUTF8Offset {
            return try fail("not valid UTF-8 at byte \(offset + 1)")
        }
        if inKeyName, notationError == nil { notationError = .unterminated(position: keyNamePosition) }
        if let error = notationError {
            return try fail("\(error)")
        }
        try typeBatch()
        if !begun {
            try engine.begin()
            begun = true
        }
        try engine.finish().appendUTF8(to: &printer.text)
        try printer.printText()
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
        if inKeyName {
            switch scalar {
            case ">":
                inKeyName = false
                switch table.key(named: keyName) {
                case .success(let key): try append(key)
                case .failure(let error): notationError = error.shifted(by: keyNamePosition - 1)
                }
            case "<":
                notationError = .unterminated(position: keyNamePosition)
                inKeyName = false
            default:
                if scalar.isASCII {
                    keyName.append(UInt8(truncatingIfNeeded: scalar.value))
                } else {
                    keyName.append(contentsOf: String(scalar).utf8)
                }
            }
            return
        }
        if scalar == "<" {
            inKeyName = true
            keyName.removeAll(keepingCapacity: true)
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
        try engine.type(batch, into: &printer)
        printer.endBatch()
        batch.removeAll(keepingCapacity: true)
        try output.drainIfFull()
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
}
