import BenchmarkSupport
import CLibhangul
import HangulCore

/// A libhangul input context (`hangul_ic_new`), the reference engine.
final class LibhangulContext {
    let pointer: OpaquePointer

    /// Opens libhangul's keyboard with the same id, with the options that match ours for `layout`.
    ///
    /// libhangul applies non-choseong-combi on every layout and ours only on two-set ones, so it is
    /// off here for the others; ours runs with extended vowels off (see ``Engines/ourOptions``).
    init(layout: Layout) {
        guard let pointer = hangul_ic_new(layout.id) else { fail("libhangul has no keyboard \(layout.id)") }
        self.pointer = pointer
        if layout.kind != .jamo {
            hangul_ic_set_option(pointer, Int32(HANGUL_IC_OPTION_NON_CHOSEONG_COMBI), false)
        }
    }

    deinit { hangul_ic_delete(pointer) }

    /// One key as a frontend drives libhangul: process it (or backspace), then read the commit and
    /// the preedit.
    func step(_ key: TypedKey) -> EngineStep {
        let consumed: Bool
        var commit: [UInt32] = []
        if let ascii = key.ascii {
            consumed = hangul_ic_process(pointer, Int32(ascii))
            commit = Self.scalars(hangul_ic_get_commit_string(pointer))
        } else {
            consumed = hangul_ic_backspace(pointer)
        }
        return EngineStep(
            consumed: consumed, commit: commit, preedit: Self.scalars(hangul_ic_get_preedit_string(pointer)))
    }

    func flush() -> [UInt32] { Self.scalars(hangul_ic_flush(pointer)) }

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
