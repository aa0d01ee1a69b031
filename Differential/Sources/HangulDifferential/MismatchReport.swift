import HangulCore

/// A disagreement between our composer and libhangul, shrunk, with both sides' step traces.
public struct MismatchReport: Sendable, CustomStringConvertible {
    public var layout: Layout
    public var options: ComparedOptions
    public var libhangulSettings: LibhangulSettings
    /// Our side's options as the check ran them.
    public var ourOptions: ComposerOptions
    /// The shortest stream found that still disagrees.
    public var keys: [StreamKey]
    /// How long the stream was before shrinking.
    public var originalLength: Int
    /// Where the stream came from: "random stream 812 (seed 1)", "corpus line 4".
    public var origin: String
    public var ours: Trace
    public var libhangul: Trace

    /// Shrinks a failing stream (unless asked not to) with the check that found it and records both traces.
    public init(
        check: DifferentialCheck, options: ComparedOptions, keys: [StreamKey], firstDifference: Int, origin: String,
        shrink: Bool = true
    ) {
        let shrunk =
            shrink ? Shrinker.shrink(keys, firstDifference: firstDifference) { check.firstMismatch($0) != nil } : keys
        let (ours, libhangul) = check.traces(shrunk)
        self.layout = check.layout
        self.options = options
        self.libhangulSettings = check.libhangulSettings
        self.ourOptions = check.ourOptions
        self.keys = shrunk
        self.originalLength = keys.count
        self.origin = origin
        self.ours = ours
        self.libhangul = libhangul
    }

    /// The keys in notation: the repro.
    public var notation: String { StreamKey.notation(keys) }

    public var description: String {
        let difference = ours.firstDifference(from: libhangul) ?? keys.count
        var lines = [
            "MISMATCH on layout \(layout.id) (\(layout.name)) with \(options)",
            "  libhangul: hangul_ic_new(\"\(layout.id)\"), \(libhangulSettings)",
            "  keys: \(notation)   (\(keys.count) keys\(keys.count == originalLength ? "" : ", shrunk from \(originalLength)"); \(origin))",
            keys.contains(.flush)
                ? "  ours alone: (hangul-compose has no key for a flush between keys)"
                : "  ours alone: hangul-compose --trace --layout \(layout.id) \(Self.composeArguments(ourOptions)) '\(notation)'",
            "  step key           ours: commit | preedit | consumed        libhangul: commit | preedit | consumed",
        ]
        for (index, key) in keys.enumerated() {
            let marker = index == difference ? "> " : "  "
            lines.append(
                marker + pad("\(index + 1)", 5) + pad(key.notation, 13) + pad(Self.show(ours.steps[index]), 38)
                    + Self.show(libhangul.steps[index]))
        }
        let marker = difference == keys.count ? "> " : "  "
        lines.append(
            marker + pad("", 5) + pad("(flush)", 13) + pad(Self.text(ours.flush), 38) + Self.text(libhangul.flush))
        return lines.joined(separator: "\n")
    }

    /// Pads to a column, counting Hangul syllables and compatibility letters as two columns, as
    /// terminals draw them.
    private func pad(_ text: String, _ width: Int) -> String {
        let columns = text.unicodeScalars.reduce(0) { sum, scalar in
            sum + (Syllable.isPrecomposed(scalar.value) || (0x3131...0x318E).contains(scalar.value) ? 2 : 1)
        }
        return columns >= width ? text + " " : text + String(repeating: " ", count: width - columns)
    }

    /// Our options as `hangul-compose` arguments, to reproduce our side of a report.
    static func composeArguments(_ options: ComposerOptions) -> String {
        ComposerOptions.Option.allCases.map { "--option \($0.rawValue)=\(options[$0] ? "on" : "off")" }
            .joined(separator: " ") + " --output \(options.output.rawValue)"
    }

    static func show(_ step: Step) -> String {
        "\(text(step.commit)) | \(text(step.preedit)) | \(step.consumed ? "yes" : "no")"
    }

    /// Text in quotes; anything but precomposed syllables, compatibility jamo and ASCII is also
    /// written as code points, since conjoining jamo and fillers do not show reliably in a terminal.
    static func text(_ scalars: [UInt32]) -> String {
        let shown = String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init)))
        let plain = scalars.allSatisfy {
            (0x20..<0x7F).contains($0) || Syllable.isPrecomposed($0) || (0x3131...0x318E).contains($0)
        }
        if plain { return "\"\(shown)\"" }
        return "\"\(shown)\"[" + scalars.map { String($0, radix: 16, uppercase: true) }.joined(separator: " ") + "]"
    }
}
