import CLibhangul
import HangulCore

/// libhangul 0.2.0 (Debian's libhangul1) driven through its C API: the behavioural oracle.
///
/// Tests type the same keys here and into ``Composer`` and compare every step.
final class Libhangul {
    private let context: OpaquePointer

    /// Opens an input context on a libhangul keyboard id ("2") with libhangul's default options.
    init(keyboard: String = "2") {
        guard let context = hangul_ic_new(keyboard) else {
            preconditionFailure("libhangul has no keyboard \(keyboard)")
        }
        self.context = context
    }

    deinit { hangul_ic_delete(context) }

    /// Mirrors the options libhangul has; `extended-vowels` is ours and has no counterpart.
    func setOptions(_ options: ComposerOptions) {
        hangul_ic_set_option(context, Int32(HANGUL_IC_OPTION_AUTO_REORDER), options.autoReorder)
        hangul_ic_set_option(
            context, Int32(HANGUL_IC_OPTION_COMBI_ON_DOUBLE_STROKE), options.combiOnDoubleStroke)
        hangul_ic_set_option(context, Int32(HANGUL_IC_OPTION_NON_CHOSEONG_COMBI), options.nonChoseongCombi)
        let mode = options.output == .jamo ? HANGUL_OUTPUT_JAMO : HANGUL_OUTPUT_SYLLABLE
        hangul_ic_set_output_mode(context, Int32(mode))
    }

    struct Step: Equatable, CustomStringConvertible {
        var consumed: Bool
        var commit: [UInt32]
        var preedit: [UInt32]
        var description: String {
            "consumed \(consumed), commit \(Self.text(commit)), preedit \(Self.text(preedit))"
        }
        static func text(_ scalars: [UInt32]) -> String {
            "\"" + String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init))) + "\" "
                + scalars.map { "U+" + String($0, radix: 16, uppercase: true) }.joined(separator: " ")
        }
    }

    func process(_ ascii: UInt8) -> Step {
        let consumed = hangul_ic_process(context, Int32(ascii))
        return Step(consumed: consumed, commit: Self.scalars(hangul_ic_get_commit_string(context)), preedit: preedit)
    }

    func backspace() -> Step {
        let consumed = hangul_ic_backspace(context)
        return Step(consumed: consumed, commit: [], preedit: preedit)
    }

    func flush() -> [UInt32] { Self.scalars(hangul_ic_flush(context)) }

    func reset() { hangul_ic_reset(context) }

    var preedit: [UInt32] { Self.scalars(hangul_ic_get_preedit_string(context)) }

    private static func scalars(_ pointer: UnsafePointer<ucschar>?) -> [UInt32] {
        guard var pointer else { return [] }
        var result: [UInt32] = []
        while pointer.pointee != 0 {
            result.append(pointer.pointee)
            pointer += 1
        }
        return result
    }
}
