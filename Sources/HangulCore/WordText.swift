/// The text of a word in word-commit mode, as a view: the word's finished syllables, then the rest
/// (the syllable being composed, or what the last key committed after them).
///
/// It iterates scalars without building a `String`; ``string`` is for the boundary (daemon reply,
/// CLI output), where text has to become a string anyway. Holding one keeps the word's storage
/// alive, so a caller that keeps a `WordText` across the next key makes that key copy the word.
public struct WordText: Sendable, Equatable, Sequence, CustomStringConvertible {
    var finished: ArraySlice<WordComposer.FinishedSyllable>
    var rest: ComposedText

    /// No text.
    public init() {
        finished = []
        rest = ComposedText()
    }

    init(finished: ArraySlice<WordComposer.FinishedSyllable>, rest: ComposedText) {
        self.finished = finished
        self.rest = rest
    }

    public var isEmpty: Bool { finished.isEmpty && rest.isEmpty }

    /// The scalars in order, one finished syllable after another, then the rest.
    public struct Iterator: IteratorProtocol {
        let text: WordText
        var syllable: Int
        var scalar = 0

        init(text: WordText) {
            self.text = text
            syllable = text.finished.startIndex
        }

        public mutating func next() -> UInt32? {
            while syllable < text.finished.endIndex {
                let current = text.finished[syllable].text
                if scalar < current.count {
                    defer { scalar += 1 }
                    return current.storage[scalar]
                }
                syllable += 1
                scalar = 0
            }
            guard scalar < text.rest.count else { return nil }
            defer { scalar += 1 }
            return text.rest.storage[scalar]
        }
    }

    public func makeIterator() -> Iterator { Iterator(text: self) }

    /// The scalars as code point values.
    public var scalars: [UInt32] { Array(self) }

    /// The text as a `String`; for the boundary only, as it allocates.
    public var string: String {
        var result = String.UnicodeScalarView()
        for value in self {
            if let scalar = Unicode.Scalar(value) { result.append(scalar) }
        }
        return String(result)
    }

    public var description: String { string }

    public static func == (lhs: WordText, rhs: WordText) -> Bool { lhs.elementsEqual(rhs) }
}
