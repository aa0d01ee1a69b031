/// The text of one step, a commit or a preedit, as a view: a word's finished syllables, then the
/// rest (the syllable being composed, or what the last key committed after them).
///
/// In word-commit mode it is the whole word, which ``ComposedText`` (eight scalars) cannot hold. In
/// syllable mode it is ``rest`` alone: the finished part is an empty slice, which refers to the
/// shared empty-array storage, so a step of syllable mode still allocates nothing.
///
/// It iterates scalars without building a `String`; ``string`` is for the boundary (daemon reply,
/// CLI output), where text has to become a string anyway. Holding one keeps the word's storage
/// alive, so a caller that keeps a `WordText` across the next key makes that key copy the word.
public struct WordText: Sendable, Equatable, Sequence, CustomStringConvertible {
    var finished: ArraySlice<WordComposer.FinishedSyllable>
    /// The text after the finished syllables: the whole text when ``hasFinishedSyllables`` is false,
    /// which writers check to take the short way.
    public let rest: ComposedText

    /// No text.
    public init() {
        finished = []
        rest = ComposedText()
    }

    /// Text of one syllable or less: a step of syllable mode.
    public init(_ text: ComposedText) {
        finished = []
        rest = text
    }

    init(finished: ArraySlice<WordComposer.FinishedSyllable>, rest: ComposedText) {
        self.finished = finished
        self.rest = rest
    }

    public var isEmpty: Bool { finished.isEmpty && rest.isEmpty }

    /// Whether there is text before ``rest``; when not, ``rest`` is the whole text.
    public var hasFinishedSyllables: Bool { !finished.isEmpty }

    /// The number of scalars, counted without iterating them one by one.
    public var count: Int { finished.reduce(rest.count) { $0 + $1.text.count } }

    /// Calls `body` with each piece of the text in order (each finished syllable, then the rest),
    /// for writers that encode ``ComposedText`` without building a `String`.
    public func forEachPiece(_ body: (ComposedText) -> Void) {
        for syllable in finished { body(syllable.text) }
        body(rest)
    }

    /// Appends the text as UTF-8 to a byte buffer, without building a `String`.
    public func appendUTF8(to bytes: inout [UInt8]) {
        for syllable in finished { syllable.text.appendUTF8(to: &bytes) }
        rest.appendUTF8(to: &bytes)
    }

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
