import HangulCore
import HangulKeys

/// Fixes text typed in the wrong input mode: `dkssudgktpdy` meant 안녕하세요, `ㅗ디ㅣㅐ` meant hello.
///
/// The rule, word by word (a *run* is a maximal run of ASCII letters, or of Hangul syllables and
/// compatibility letters ㄱ…ㅣ):
/// - A run of Latin letters is typed on the layout; when every character it gives is a whole
///   Hangul syllable and the run is not an English word, it is replaced by those syllables:
///   `gksrmf` → 한글, but `world` (재깅 when typed) stays. A word is in the word list (ignoring
///   case) and written in a case a typist writes words in (`work`, `Work`, `WORK`; `wOrk`, which
///   types 쟤가, is not a word).
/// - A run of Hangul is spelled back into keys (``ReverseSpeller``); when the keys are letters only and
///   spell an English word (as above), it is replaced by them: ㅗ디ㅣㅐ → hello. Real Korean stays (세상
///   spells `tpdtkd`, not a word), and so does a run of whole syllables that spells a word shorter
///   than ``minimumWordLength`` (내 spells `so`, 해 `go`), which is far more often the Korean word,
///   and a run of one letter, alone or repeated (ㅁ would be `a`; ㅋㅋㅋ, ㅎㅎ, ㅠㅠ).
/// Everything else (spaces, punctuation, digits, other scripts) is kept as it is.
public struct WrongModeFixer {
    public let layout: Layout
    public let options: ComposerOptions
    public let words: WordList
    /// Runs of whole syllables that spell shorter words stay Korean.
    public static let minimumWordLength = 3
    private let speller: ReverseSpeller

    public init(layout: Layout, options: ComposerOptions = ComposerOptions(), words: WordList) {
        self.layout = layout
        self.options = options
        self.words = words
        speller = ReverseSpeller(layout: layout, options: options)
    }

    /// The line with each wrong-mode run converted.
    ///
    /// The result is gathered as UTF-8 bytes in an array, which grows geometrically, and becomes a
    /// `String` once. `String.UnicodeScalarView.append(contentsOf:)` reserved exactly what each run
    /// added, so every run copied the whole line so far: time grew with the square of a line's
    /// length (issue 23, fault 9: a 2 MB line took 9.35 s, the same text in short lines 0.84 s).
    public func fix(_ line: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(line.utf8.count)
        var run: [Unicode.Scalar] = []
        var runKind = RunKind.other
        func append(_ scalars: [Unicode.Scalar]) {
            for scalar in scalars { UTF8.encode(scalar) { result.append($0) } }
        }
        func finishRun() {
            switch runKind {
            case .latin: append(convertLatin(run))
            case .hangul: append(convertHangul(run))
            case .other: append(run)
            }
            run.removeAll(keepingCapacity: true)
        }
        for scalar in line.unicodeScalars {
            let kind = RunKind(scalar)
            if kind != runKind || kind == .other {
                finishRun()
                runKind = kind
            }
            run.append(scalar)
        }
        finishRun()
        return String(decoding: result, as: UTF8.self)
    }

    private enum RunKind {
        case latin, hangul, other

        init(_ scalar: Unicode.Scalar) {
            if scalar.isASCII, WordList.isLetter(UInt8(scalar.value)) {
                self = .latin
            } else if Syllable.isPrecomposed(scalar.value) || (0x3131...0x3163).contains(scalar.value) {
                self = .hangul
            } else {
                self = .other
            }
        }
    }

    /// The syllables a run of letters types, or the run itself.
    func convertLatin(_ run: [Unicode.Scalar]) -> [Unicode.Scalar] {
        let letters = run.map { UInt8($0.value) }
        guard !(Self.writtenAsAWord(letters) && words.contains(letters)) else { return run }
        var context = InputContext(layout: layout, options: options)
        var typed: [UInt32] = []
        for letter in letters {
            let key = CheckingTypist.press(ascii: letter)
            let result = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
            _ = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers, isRelease: true))
            guard result.handled else { return run }
            typed += result.commit.scalars
        }
        typed += context.flush().scalars
        guard !typed.isEmpty, typed.allSatisfy(Syllable.isPrecomposed) else { return run }
        return typed.compactMap(Unicode.Scalar.init)
    }

    /// Whether letters are in a case a typist writes a word in: `work`, `Work` or `WORK`, not `wOrk`.
    static func writtenAsAWord(_ letters: [UInt8]) -> Bool {
        let capitals = letters.count { $0 < 0x60 }
        return capitals == 0 || capitals == letters.count || (capitals == 1 && letters[0] < 0x60)
    }

    /// The English word a run of Hangul spells, or the run itself.
    func convertHangul(_ run: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: run)
        var letters: [UInt8] = []
        for piece in speller.pieces(for: String(text)) {
            guard case .keys(let keys) = piece, keys.allSatisfy(WordList.isLetter) else { return run }
            letters += keys
        }
        let wholeSyllables = run.allSatisfy { Syllable.isPrecomposed($0.value) }
        let oneLetterRepeated = !wholeSyllables && Set(run).count == 1
        guard Self.writtenAsAWord(letters), letters.count >= 2, !oneLetterRepeated, words.contains(letters),
            !wholeSyllables || letters.count >= Self.minimumWordLength
        else { return run }
        return letters.map { Unicode.Scalar($0) }
    }
}
