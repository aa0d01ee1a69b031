import BenchmarkSupport
import HangulCore

/// The checks that make the timings comparable: a stream that types the wrong text, or engines
/// that disagree, would measure something else. Each failure stops the benchmark.
enum Checks {
    /// The editor text a stream leaves in an application: commits in order, unconsumed keys
    /// inserted (space, punctuation) or deleting (BackSpace), and a final flush.
    static func editorText(_ keys: [TypedKey], step: (TypedKey) -> EngineStep, flush: () -> [UInt32]) -> String {
        var text: [UInt32] = []
        for key in keys {
            let result = step(key)
            text += result.commit
            if !result.consumed {
                if let ascii = key.ascii { text.append(UInt32(ascii)) } else if !text.isEmpty { text.removeLast() }
            }
        }
        text += flush()
        return String(String.UnicodeScalarView(text.compactMap(Unicode.Scalar.init)))
    }

    /// The clean stream types exactly its text on our engine: the text-to-keys inversion is right.
    static func cleanStreamTypesItsText(_ stream: KeyStream, layout: Layout) {
        var composer = Composer(layout: layout, options: Engines.ourOptions)
        let typed = editorText(stream.cleanKeys, step: { composer.step($0) }, flush: { composer.flush().scalars })
        guard typed == stream.text else {
            let common = zip(typed, stream.text).prefix { $0 == $1 }.count
            fail(
                "layout \(layout.id): the keys do not type their text; from character \(common): "
                    + "expected \"\(stream.text.dropFirst(common).prefix(20))\", "
                    + "got \"\(typed.dropFirst(common).prefix(20))\"")
        }
    }

    /// Our engine and libhangul agree on every step of the stream (commit, preedit, consumed).
    static func enginesAgree(on keys: [TypedKey], layout: Layout) {
        var composer = Composer(layout: layout, options: Engines.ourOptions)
        let reference = LibhangulContext(layout: layout)
        for (index, key) in keys.enumerated() {
            let ours = composer.step(key)
            let theirs = reference.step(key)
            if ours != theirs {
                let before = keys[max(0, index - 12)..<index].map(describe).joined()
                fail(
                    "layout \(layout.id): engines differ at key \(index) (\(describe(key)) after \(before)): "
                        + "ours \(ours), libhangul \(theirs)")
            }
        }
    }

    static func describe(_ key: TypedKey) -> String {
        switch key {
        case .position(let position): position.description
        case .space: "␣"
        case .backspace: "⌫"
        }
    }
}
