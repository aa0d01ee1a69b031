import HangulKeys

/// Types each input line through an engine and writes one result per line.
///
/// Bad input never stops a batch: a line that is not UTF-8 or names an unknown key is reported on
/// standard error with its line number and position, its output line is empty, and the batch goes
/// on; ``failures`` counts them for the exit status.
struct BatchTypist<Engine: KeyEngine> {
    enum Format {
        /// One line of text per input.
        case text
        /// A table per input: key, commit, preedit, handled.
        case trace
        /// One JSON object per key, then `{"text":…}` per input.
        case json
    }

    var engine: Engine
    let format: Format
    let output: OutputStream
    /// What a line is called in error messages: "line" for standard input, "argument" for KEYS.
    let inputName: String
    private(set) var failures = 0

    init(engine: Engine, format: Format, output: OutputStream, inputName: String) {
        self.engine = engine
        self.format = format
        self.output = output
        self.inputName = inputName
    }

    /// Types one input given as raw bytes (one stdin line without its newline).
    mutating func type(bytes: ArraySlice<UInt8>, number: Int) throws {
        guard let line = String(validating: bytes, as: UTF8.self) else {
            let offset = Self.firstInvalidUTF8Offset(bytes)
            report("\(inputName) \(number): not valid UTF-8 at byte \(offset + 1)")
            emitEmpty()
            return
        }
        try type(line: line, number: number)
    }

    /// Types one input line.
    mutating func type(line: String, number: Int) throws {
        let keys: [NotatedKey]
        do {
            keys = try KeyNotation.parse(line)
        } catch {
            report("\(inputName) \(number): \(error)")
            emitEmpty()
            return
        }
        try engine.begin()
        var text = EditorText()
        if format == .trace {
            output.write("\(Self.pad("key", 16))\(Self.pad("commit", 8))\(Self.pad("preedit", 8))handled\n")
        }
        for (key, step) in zip(keys, try engine.type(keys)) {
            text.insert(step.commit)
            if !step.handled { text.forward(key) }
            switch format {
            case .text: break
            case .trace:
                output.write(
                    "\(Self.pad(key.notation, 16))\(Self.pad(step.commit, 8))\(Self.pad(step.preedit, 8))"
                        + (step.handled ? "yes" : "no") + "\n")
            case .json:
                output.write(
                    "{\"key\":\(JSONText.quoted(key.notation)),\"commit\":\(JSONText.quoted(step.commit)),"
                        + "\"preedit\":\(JSONText.quoted(step.preedit)),\"handled\":\(step.handled)}\n")
            }
        }
        text.insert(try engine.finish())
        switch format {
        case .text: output.write(text.string + "\n")
        case .trace: output.write("→ \(text.string)\n\n")
        case .json: output.write("{\"text\":\(JSONText.quoted(text.string))}\n")
        }
    }

    private mutating func report(_ message: String) {
        failures += 1
        StandardError.write("hangul-compose: \(message)\n")
    }

    private func emitEmpty() {
        switch format {
        case .text: output.write("\n")
        case .trace: output.write("→ \n\n")
        case .json: output.write("{\"text\":\"\"}\n")
        }
    }

    /// Pads by display columns, counting Hangul and other wide characters as two.
    static func pad(_ text: String, _ width: Int) -> String {
        let columns = text.unicodeScalars.reduce(0) { sum, scalar in
            sum + ((0x1100...0x115F).contains(scalar.value) || (0x2E80...0xD7A3).contains(scalar.value) ? 2 : 1)
        }
        return text + String(repeating: " ", count: max(1, width - columns))
    }

    /// Index of the first byte that breaks UTF-8 decoding.
    static func firstInvalidUTF8Offset(_ bytes: ArraySlice<UInt8>) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        var consumed = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                consumed += UTF8.width(scalar)
                offset = consumed
            case .emptyInput, .error:
                return offset
            }
        }
    }
}
