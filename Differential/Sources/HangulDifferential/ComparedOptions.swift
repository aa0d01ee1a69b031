import HangulCore

/// One combination of the options libhangul has, and how each side is set up to compare it.
///
/// Our deliberate differences from libhangul (README, "Deliberate differences") are mapped here, in
/// one place, rather than skipped:
/// 1. `extended-vowels` is ours alone: it is off on our side.
/// 2. With `auto-reorder`, libhangul's BackSpace on a two-set layout shows a state that drops a
///    vowel typed before its initial; our side takes BackSpace libhangul's way for the comparison
///    (``DifferentialCheck/backspacesLikeLibhangul``), so BackSpace is compared everywhere.
/// 3. `non-choseong-combi` means something only on ``Layout/Kind/jamo`` layouts in ours; libhangul
///    applies it on every keyboard, so on the others libhangul gets it off while our side keeps the
///    value under test (and must ignore it).
public struct ComparedOptions: Hashable, Sendable, CustomStringConvertible {
    public var autoReorder = false
    public var combiOnDoubleStroke = false
    public var nonChoseongCombi = true
    public var output: ComposerOptions.OutputForm = .syllables

    public init(
        autoReorder: Bool = false, combiOnDoubleStroke: Bool = false, nonChoseongCombi: Bool = true,
        output: ComposerOptions.OutputForm = .syllables
    ) {
        self.autoReorder = autoReorder
        self.combiOnDoubleStroke = combiOnDoubleStroke
        self.nonChoseongCombi = nonChoseongCombi
        self.output = output
    }

    /// All sixteen combinations: three switches and two output forms.
    public static let all: [ComparedOptions] = (0..<16).map { bits in
        ComparedOptions(
            autoReorder: bits & 1 != 0, combiOnDoubleStroke: bits & 2 != 0, nonChoseongCombi: bits & 4 != 0,
            output: bits & 8 != 0 ? .jamo : .syllables)
    }

    /// Our composer's options: these, with `extended-vowels` off.
    public var ours: ComposerOptions {
        var options = ComposerOptions()
        options.autoReorder = autoReorder
        options.combiOnDoubleStroke = combiOnDoubleStroke
        options.nonChoseongCombi = nonChoseongCombi
        options.extendedVowels = false
        options.output = output
        return options
    }

    /// libhangul's settings on a layout.
    public func libhangul(on layout: Layout) -> LibhangulSettings {
        LibhangulSettings(
            autoReorder: autoReorder, combiOnDoubleStroke: combiOnDoubleStroke,
            nonChoseongCombi: layout.kind == .jamo ? nonChoseongCombi : false, jamoOutput: output == .jamo)
    }

    /// `auto-reorder=off,combi-on-double-stroke=on,non-choseong-combi=on,output=jamo`.
    public var description: String {
        "auto-reorder=\(Self.word(autoReorder)),combi-on-double-stroke=\(Self.word(combiOnDoubleStroke)),"
            + "non-choseong-combi=\(Self.word(nonChoseongCombi)),output=\(output.rawValue)"
    }

    private static func word(_ value: Bool) -> String { value ? "on" : "off" }
}

/// The settings one libhangul input context gets.
public struct LibhangulSettings: Hashable, Sendable, CustomStringConvertible {
    public var autoReorder: Bool
    public var combiOnDoubleStroke: Bool
    public var nonChoseongCombi: Bool
    public var jamoOutput: Bool

    public init(autoReorder: Bool, combiOnDoubleStroke: Bool, nonChoseongCombi: Bool, jamoOutput: Bool) {
        self.autoReorder = autoReorder
        self.combiOnDoubleStroke = combiOnDoubleStroke
        self.nonChoseongCombi = nonChoseongCombi
        self.jamoOutput = jamoOutput
    }

    public var description: String {
        "AUTO_REORDER=\(autoReorder ? 1 : 0) COMBI_ON_DOUBLE_STROKE=\(combiOnDoubleStroke ? 1 : 0)"
            + " NON_CHOSEONG_COMBI=\(nonChoseongCombi ? 1 : 0) OUTPUT=\(jamoOutput ? "JAMO" : "SYLLABLE")"
    }
}
