/// The switches that change how the composer combines jamo.
///
/// The names in ``Option`` are the ones used everywhere: `hangul-compose --option`, the protocol's
/// `set_options`, and configuration. Defaults are libhangul 0.2.0's, plus ``extendedVowels`` (ours).
public struct ComposerOptions: Hashable, Sendable {
    /// ㅏ typed before ㄱ still gives 가 (libhangul `HANGUL_IC_OPTION_AUTO_REORDER`). Off by default.
    public var autoReorder = false
    /// Pressing a consonant twice doubles it: ㄱ+ㄱ → ㄲ, and final ㅅ+ㅅ → ㅆ
    /// (libhangul `HANGUL_IC_OPTION_COMBI_ON_DOUBLE_STROKE`). Off by default.
    public var combiOnDoubleStroke = false
    /// Two initials that only combine as a final cluster show it: ㄱ+ㅅ → ㄳ
    /// (libhangul `HANGUL_IC_OPTION_NON_CHOSEONG_COMBI`). On by default.
    public var nonChoseongCombi = true
    /// ㅘ+ㅣ → ㅙ and ㅝ+ㅣ → ㅞ, which strict KS X 5002 (and libhangul) lacks. On by default.
    public var extendedVowels = true
    /// Precomposed syllables (U+AC00…) or conjoining jamo (U+1100…).
    public var output: OutputForm = .syllables

    public init() {}

    /// How composed text is written out.
    public enum OutputForm: String, Hashable, Sendable, CaseIterable {
        /// Precomposed syllables; a lone jamo is shown as compatibility jamo (U+3131…).
        case syllables
        /// Conjoining jamo with fillers, as libhangul's `HANGUL_OUTPUT_JAMO`.
        case jamo
    }

    /// The boolean options by their public names.
    public enum Option: String, CaseIterable, Sendable {
        case autoReorder = "auto-reorder"
        case combiOnDoubleStroke = "combi-on-double-stroke"
        case nonChoseongCombi = "non-choseong-combi"
        case extendedVowels = "extended-vowels"
    }

    /// Reads or writes a boolean option by name.
    public subscript(option: Option) -> Bool {
        get {
            switch option {
            case .autoReorder: autoReorder
            case .combiOnDoubleStroke: combiOnDoubleStroke
            case .nonChoseongCombi: nonChoseongCombi
            case .extendedVowels: extendedVowels
            }
        }
        set {
            switch option {
            case .autoReorder: autoReorder = newValue
            case .combiOnDoubleStroke: combiOnDoubleStroke = newValue
            case .nonChoseongCombi: nonChoseongCombi = newValue
            case .extendedVowels: extendedVowels = newValue
            }
        }
    }
}
