import HangulCore
import HangulCoreTesting

/// Arbitrary frontend action streams into a composer, on every built-in layout and option set,
/// checking the composer's invariants after every step.
///
/// Input bytes: the first picks the layout, the second the options (four switches and the output
/// form); then each byte is one action: `0x21…0x7E` types that position, space is the space bar,
/// `0x08` and `0x7F` are BackSpace, `0x00` flushes, `0x01` resets, `0x02 b` and `0x03 b` switch
/// options or layout (committing first, as ``HangulKeys/InputContext`` does), and any other byte
/// types one of the layout's Hangul keys, so mutations reach deep syllables quickly.
///
/// Checked: every commit is whole syllables of jamo the layout can type (``OutputValidator``), the
/// preedit is one syllable (at most three scalars) and matches what the step reported, and at the
/// end BackSpace empties the preedit within the chain's twelve keystrokes and flush is idempotent.
///
/// A ``WordComposer`` (word-commit mode) takes the same actions beside it and must be syllable
/// mode with the commits held back: what it has committed is always a beginning of what the
/// composer has, its preedit is the rest followed by the composer's preedit, and after a final flush
/// both have committed the same text. BackSpace with the composer empty goes to the application in
/// syllable mode, so the word composer does not take it.
public enum ComposerTarget {
    /// Per built-in layout, built once: a validator costs a walk of the layout's combination table.
    static let validators = Layout.builtIn.map { OutputValidator(layout: $0) }
    static let hangulKeys = Layout.builtIn.map { Stroke.hangulKeyPositions(of: $0) }

    /// The problems one input shows; empty when every invariant held.
    public static func problems(_ data: UnsafeBufferPointer<UInt8>) -> [String] {
        var bytes = data[...]
        let layouts = Layout.builtIn
        var layoutIndex = Int(bytes.popFirst() ?? 0) % layouts.count
        var composer = Composer(
            layout: layouts[layoutIndex], options: ComposerOptions(bits: Int(bytes.popFirst() ?? 0)))
        var word = WordComposer(layout: composer.layout, options: composer.options)
        var syllableText: [UInt32] = []
        var wordText: [UInt32] = []
        var problems: [String] = []

        func record(_ problem: String?, _ stroke: Stroke) {
            if let problem { problems.append("layout \(composer.layout.id), \(stroke): \(problem)") }
        }

        while let byte = bytes.popFirst(), problems.isEmpty {
            let stroke: Stroke
            switch byte {
            case 0x02, 0x03:
                let argument = Int(bytes.popFirst() ?? 0)
                let commit = composer.flush().scalars
                record(validators[layoutIndex].problem(inCommit: commit, after: .flush), .flush)
                syllableText += commit
                if byte == 0x02 {
                    composer.options = ComposerOptions(bits: argument)
                } else {
                    layoutIndex = argument % layouts.count
                    composer.layout = layouts[layoutIndex]
                }
                wordText += word.configure(layout: composer.layout, options: composer.options).scalars
                continue
            case 0x00: stroke = .flush
            case 0x01: stroke = .reset
            case 0x08, 0x7F: stroke = .backspace
            case 0x20: stroke = .space
            default:
                let hangulKeys = Self.hangulKeys[layoutIndex]
                if let position = KeyPosition(ascii: byte) {
                    stroke = .key(position)
                } else if hangulKeys.isEmpty {
                    stroke = .backspace
                } else {
                    stroke = .key(hangulKeys[Int(byte) % hangulKeys.count])
                }
            }
            let validator = validators[layoutIndex]
            let wordTakesIt = stroke != .backspace || !composer.isEmpty
            if stroke == .reset {
                syllableText.removeLast(syllableText.count - wordText.count)  // the word reset drops
            }
            let output = stroke.apply(to: &composer)
            syllableText += output.commit.scalars
            if wordTakesIt {
                switch stroke {
                case .key(let position): wordText += word.process(position).commit.scalars
                case .backspace: wordText += word.backspace().commit.scalars
                case .space, .flush: wordText += word.flush().scalars
                case .reset: word.reset()
                }
            }
            if !syllableText.starts(with: wordText) {
                record("word mode committed \(wordText), syllable mode \(syllableText)", stroke)
            } else if word.preedit.scalars != Array(syllableText.dropFirst(wordText.count)) + composer.preedit.scalars {
                record("word preedit \(word.preedit) is not the held-back commits then \(composer.preedit)", stroke)
            }
            record(validator.problem(inCommit: output.commit.scalars, after: stroke), stroke)
            let preedit = composer.preedit
            record(validator.problem(inPreedit: preedit.scalars), stroke)
            if preedit.count > 3 { record("preedit of \(preedit.count) scalars", stroke) }
            if composer.isEmpty != preedit.isEmpty {
                record("isEmpty \(composer.isEmpty) with preedit \(preedit)", stroke)
            }
            if stroke != .flush, stroke != .reset, output.preedit != preedit {
                record("step reported preedit \(output.preedit), composer shows \(preedit)", stroke)
            }
        }
        guard problems.isEmpty else { return problems }
        if wordText + word.flush().scalars != syllableText + composer.preedit.scalars {
            problems.append("layout \(composer.layout.id): word mode typed other text than syllable mode")
        }

        var copy = composer
        for _ in 0..<12 where copy.backspace().consumed {}
        if !copy.preedit.isEmpty || copy.backspace().consumed {
            problems.append("layout \(composer.layout.id): twelve BackSpaces left preedit \(copy.preedit)")
        }
        let preedit = composer.preedit
        if composer.flush() != preedit || !composer.flush().isEmpty || !composer.isEmpty {
            problems.append("layout \(composer.layout.id): flush is not idempotent")
        }
        return problems
    }
}
