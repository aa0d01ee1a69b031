import HangulCore
import HangulCoreTesting
import Testing

/// What typing a key string showed after each key, as "commit|preedit" ("|passed" marks a key the
/// composer did not consume), compared scalar by scalar.
///
/// `String` equality is canonical equivalence, under which the conjoining jamo ᄀ+ᅡ equal the
/// syllable 가; a keyboard test must tell them apart, since whether a state shows as a precomposed
/// syllable or as jamo with fillers is exactly what it checks. Failures print conjoining jamo as
/// `\u{…}` escapes, the way the expectations are written.
struct KeyTrace: Equatable, ExpressibleByArrayLiteral, CustomTestStringConvertible {
    var steps: [String]

    init(steps: [String]) { self.steps = steps }

    init(arrayLiteral elements: String...) { steps = elements }

    static func == (lhs: KeyTrace, rhs: KeyTrace) -> Bool {
        lhs.steps.map { Array($0.unicodeScalars) } == rhs.steps.map { Array($0.unicodeScalars) }
    }

    var testDescription: String {
        "[" + steps.map { "\"" + Self.escaped($0) + "\"" }.joined(separator: ", ") + "]"
    }

    /// The text with every conjoining jamo and filler written as a Swift escape.
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            JamoSlot(of: scalar.value) == nil
                ? String(scalar) : "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }.joined()
    }

    /// Types `keys` (`<` is BackSpace) on the built-in layout `id` and records every step.
    static func typing(_ keys: String, on id: String, _ options: ComposerOptions = ComposerOptions()) -> KeyTrace {
        guard let layout = Layout.named(id) else {
            Issue.record("no built-in layout \(id)")
            return []
        }
        var typist = Typist(layout: layout, options: options)
        return KeyTrace(
            steps: typist.trace(keys).map { "\($0.commit)|\($0.preedit)" + ($0.consumed ? "" : "|passed") })
    }
}

extension ComposerOptions {
    /// The default options with `on` switched on and `off` switched off.
    static func with(_ on: [Option], off: [Option] = []) -> ComposerOptions {
        var options = ComposerOptions()
        for option in on { options[option] = true }
        for option in off { options[option] = false }
        return options
    }
}
