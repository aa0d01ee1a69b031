import HangulCore
import HangulSystem
import HangulWrongMode

/// `--reverse` and `--fix`: reads lines of text (not key notation) and prints each converted.
///
/// A line is held whole, since a run of letters is judged as a word; a line that is not UTF-8 is
/// reported with its byte position and gives an empty output line, as in typing.
struct TextConverter {
    private let convert: (String) -> String
    let output: OutputBuffer
    let errors: OutputBuffer
    let inputName: String
    private(set) var failures = 0
    private var line: [UInt8] = []

    init(
        layout: Layout, options: ComposerOptions, fix: Bool, wordsPath: String, wordsCache: IndexCacheDirectory?,
        output: OutputBuffer, errors: OutputBuffer, inputName: String
    ) throws {
        if fix {
            let words = try WordList(contentsOf: wordsPath, cache: wordsCache)
            let fixer = WrongModeFixer(layout: layout, options: options, words: words)
            convert = fixer.fix
        } else {
            let speller = ReverseSpeller(layout: layout, options: options)
            convert = speller.keys(for:)
        }
        self.output = output
        self.errors = errors
        self.inputName = inputName
    }

    mutating func convert(_ bytes: UnsafeBufferPointer<UInt8>, _ endsLine: Bool, _ number: Int) throws {
        line.append(contentsOf: bytes)
        guard endsLine else { return }
        defer { line.removeAll(keepingCapacity: line.capacity <= 1 << 20) }
        guard let text = String(validating: line, as: UTF8.self) else {
            failures += 1
            try output.drain()
            let offset = Self.firstInvalidUTF8Offset(line)
            try? errors.append("hangul-compose: \(inputName) \(number): not valid UTF-8 at byte \(offset + 1)\n")
            try output.append("\n")
            return
        }
        try output.append(convert(text) + "\n")
    }

    /// Index of the first byte that breaks UTF-8 decoding.
    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }
}
