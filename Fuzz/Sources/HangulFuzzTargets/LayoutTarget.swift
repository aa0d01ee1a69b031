import HangulCore
import HangulCoreTesting

/// Arbitrary text into the layout-file parser (``HangulCore/LayoutFile``), whose input is a user's
/// file the daemon reads; a layout it accepts is then typed on.
///
/// Checked: parsing never traps; an error names a line of the file (or 0, the file as a whole); and
/// on an accepted layout, under the defaults and with every option on, typing every position twice
/// over, then BackSpace, flush and more keys, never traps and outputs only whole syllables of jamo
/// that layout can type (``OutputValidator``).
public enum LayoutTarget {
    public static func problems(_ data: UnsafeBufferPointer<UInt8>) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        let layout: Layout
        do {
            layout = try LayoutFile.parse(text, source: "fuzz.layout")
        } catch {
            let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).count
            guard (0...lines).contains(error.line) else {
                return ["error line \(error.line) outside a file of \(lines) lines: \(error)"]
            }
            return []
        }
        let validator = OutputValidator(layout: layout)
        var problems: [String] = []
        for options in [ComposerOptions(), ComposerOptions(bits: 31)] {
            var composer = Composer(layout: layout, options: options)
            let strokes =
                (KeyPosition.all + KeyPosition.all.reversed()).map(Stroke.key) + Array(repeating: .backspace, count: 13)
                + [.flush] + KeyPosition.all.map(Stroke.key)
            for stroke in strokes {
                let output = stroke.apply(to: &composer)
                if let problem = validator.problem(inCommit: output.commit.scalars, after: stroke) {
                    problems.append("\(stroke): \(problem)")
                }
                if let problem = validator.problem(inPreedit: composer.preedit.scalars) {
                    problems.append("\(stroke): \(problem)")
                }
                if !problems.isEmpty { return problems }
            }
        }
        return problems
    }
}
