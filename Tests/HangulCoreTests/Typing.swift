import HangulCore

/// Types a US-QWERTY key string into a composer the way a frontend would: `<` is BackSpace, keys
/// that are not consumed are forwarded and insert themselves, and a final flush ends the text.
struct Typist {
    var composer: Composer
    var text: [UnicodeScalar] = []

    init(layout: Layout = .dubeolsik, options: ComposerOptions = ComposerOptions()) {
        composer = Composer(layout: layout, options: options)
    }

    /// One step of the trace: what one key committed, the preedit after it, and whether it was used.
    struct Step: Equatable, CustomStringConvertible {
        var key: Character
        var commit: String
        var preedit: String
        var consumed: Bool
        var description: String { "\(key)→[\(commit)|\(preedit)|\(consumed ? "used" : "passed")]" }
    }

    mutating func type(_ key: Character) -> Step {
        let output: Composer.Output
        if key == "<" {
            output = composer.backspace()
            if !output.consumed, !text.isEmpty { text.removeLast() }
        } else if let scalar = key.unicodeScalars.first, let position = KeyPosition(scalar) {
            output = composer.process(position)
        } else {
            output = Composer.Output(consumed: false, commit: composer.flush())
        }
        text.append(contentsOf: output.commit.string.unicodeScalars)
        if !output.consumed, key != "<" { text.append(contentsOf: key.unicodeScalars) }
        return Step(key: key, commit: output.commit.string, preedit: composer.preedit.string, consumed: output.consumed)
    }

    /// The text after typing keys as ``KeySpeller`` writes them (every character a key, `" "` the
    /// space bar, `<` the key that types `<`) and flushing.
    static func text(spelled keys: String, layout: Layout, options: ComposerOptions = ComposerOptions()) -> String {
        var typist = Typist(layout: layout, options: options)
        for key in keys {
            let output: Composer.Output
            if let scalar = key.unicodeScalars.first, let position = KeyPosition(scalar) {
                output = typist.composer.process(position)
            } else {
                output = Composer.Output(consumed: false, commit: typist.composer.flush())
            }
            typist.text.append(contentsOf: output.commit.string.unicodeScalars)
            if !output.consumed { typist.text.append(contentsOf: key.unicodeScalars) }
        }
        typist.text.append(contentsOf: typist.composer.flush().string.unicodeScalars)
        return String(String.UnicodeScalarView(typist.text))
    }

    /// Every step of typing `keys`.
    mutating func trace(_ keys: String) -> [Step] { keys.map { type($0) } }

    /// The text after typing `keys` and flushing.
    static func text(
        _ keys: String, layout: Layout = .dubeolsik, options: ComposerOptions = ComposerOptions()
    ) -> String {
        var typist = Typist(layout: layout, options: options)
        for key in keys { _ = typist.type(key) }
        typist.text.append(contentsOf: typist.composer.flush().string.unicodeScalars)
        return String(String.UnicodeScalarView(typist.text))
    }

    /// "commit|preedit" after each key, the compact form the table tests use.
    static func steps(_ keys: String, options: ComposerOptions = ComposerOptions()) -> [String] {
        var typist = Typist(options: options)
        return typist.trace(keys).map { "\($0.commit)|\($0.preedit)" + ($0.consumed ? "" : "|passed") }
    }
}

/// The dubeolsik keys that type a modern syllable, the inverse of the layout table.
enum DubeolsikSpelling {
    static let initials = [
        "r", "R", "s", "e", "E", "f", "a", "q", "Q", "t", "T", "d", "w", "W", "c", "z", "x", "v", "g",
    ]
    static let medials = [
        "k", "o", "i", "O", "j", "p", "u", "P", "h", "hk", "ho", "hl", "y", "n", "nj", "np", "nl", "b", "m", "ml", "l",
    ]
    static let finals = [
        "", "r", "R", "rt", "s", "sw", "sg", "e", "f", "fr", "fa", "fq", "ft", "fx", "fv", "fg", "a", "q", "qt", "t",
        "T",
        "d", "w", "c", "z", "x", "v", "g",
    ]

    /// Keys for one precomposed syllable.
    static func keys(for syllable: Unicode.Scalar) -> String {
        let index = Int(syllable.value - 0xAC00)
        return initials[index / (21 * 28)] + medials[(index % (21 * 28)) / 28] + finals[index % 28]
    }
}
