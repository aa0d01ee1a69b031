import CLibhangul
import HangulCore

/// One libhangul input context (`HangulInputContext`), the behavioural oracle.
///
/// Every raw libhangul call of the harness is in this file. libhangul is Debian's `libhangul1`
/// (0.1.0+git20191003, the algorithm of libhangul 0.2.0); `hangul_ic_new` takes the same keyboard
/// ids as ``HangulCore/Layout/id``. The strings libhangul returns are zero-terminated UCS-4 buffers
/// it owns, valid until the next call on the context, so they are read at once.
public final class LibhangulContext {
    private let context: OpaquePointer

    /// Opens an input context on a libhangul keyboard id, or returns `nil` when libhangul has no such
    /// keyboard (`hangul_ic_new`).
    ///
    /// `hangul_ic_new` falls back to dubeolsik for an id it does not know, which would compare a
    /// layout against the wrong keyboard, so the id is first looked up in libhangul's list
    /// (`hangul_keyboard_list_get_keyboard`).
    public init?(keyboard: String) {
        guard hangul_keyboard_list_get_keyboard(keyboard) != nil, let context = hangul_ic_new(keyboard) else {
            return nil
        }
        self.context = context
    }

    deinit { hangul_ic_delete(context) }

    /// The ids of the keyboards this libhangul knows (`hangul_keyboard_list_get_keyboard_id`).
    public static var keyboardIDs: [String] {
        (0..<hangul_keyboard_list_get_count()).compactMap { index in
            hangul_keyboard_list_get_keyboard_id(index).map { String(cString: $0) }
        }
    }

    /// Sets one of libhangul's three options (`hangul_ic_set_option`).
    public func setOption(_ option: Option, _ value: Bool) {
        hangul_ic_set_option(context, option.cValue, value)
    }

    /// Reads an option back (`hangul_ic_get_option`).
    public func option(_ option: Option) -> Bool { hangul_ic_get_option(context, option.cValue) }

    /// Syllables or conjoining jamo (`hangul_ic_set_output_mode`).
    public func setJamoOutput(_ jamo: Bool) {
        hangul_ic_set_output_mode(context, Int32(jamo ? HANGUL_OUTPUT_JAMO : HANGUL_OUTPUT_SYLLABLE))
    }

    /// Types one ASCII key; returns whether libhangul used it (`hangul_ic_process`).
    public func process(_ ascii: UInt8) -> Bool { hangul_ic_process(context, Int32(ascii)) }

    /// Removes the latest keystroke; returns whether there was one (`hangul_ic_backspace`).
    public func backspace() -> Bool { hangul_ic_backspace(context) }

    /// Drops the preedit without committing it (`hangul_ic_reset`).
    public func reset() { hangul_ic_reset(context) }

    /// Commits the preedit and returns it (`hangul_ic_flush`).
    public func flush() -> [UInt32] { Self.scalars(hangul_ic_flush(context)) }

    /// What the last ``process(_:)`` committed (`hangul_ic_get_commit_string`).
    public var commit: [UInt32] { Self.scalars(hangul_ic_get_commit_string(context)) }

    /// The syllable being composed (`hangul_ic_get_preedit_string`).
    public var preedit: [UInt32] { Self.scalars(hangul_ic_get_preedit_string(context)) }

    /// Whether the last commit equals `text`, without copying it out.
    public func commitEquals(_ text: ComposedText) -> Bool { Self.equal(hangul_ic_get_commit_string(context), text) }

    /// Whether the preedit equals `text`, without copying it out.
    public func preeditEquals(_ text: ComposedText) -> Bool { Self.equal(hangul_ic_get_preedit_string(context), text) }

    /// libhangul's options (`HANGUL_IC_OPTION_*`).
    public enum Option: CaseIterable, Sendable {
        case autoReorder
        case combiOnDoubleStroke
        case nonChoseongCombi

        var cValue: Int32 {
            switch self {
            case .autoReorder: Int32(HANGUL_IC_OPTION_AUTO_REORDER)
            case .combiOnDoubleStroke: Int32(HANGUL_IC_OPTION_COMBI_ON_DOUBLE_STROKE)
            case .nonChoseongCombi: Int32(HANGUL_IC_OPTION_NON_CHOSEONG_COMBI)
            }
        }
    }

    private static func scalars(_ pointer: UnsafePointer<ucschar>?) -> [UInt32] {
        guard var pointer else { return [] }
        var result: [UInt32] = []
        while pointer.pointee != 0 {
            result.append(pointer.pointee)
            pointer += 1
        }
        return result
    }

    /// Compares a libhangul string with our inline text allocation-free, by reading it into a
    /// ``ComposedText``; a libhangul string longer than that could ever hold is simply unequal.
    private static func equal(_ pointer: UnsafePointer<ucschar>?, _ text: ComposedText) -> Bool {
        var theirs = ComposedText()
        if var pointer {
            while pointer.pointee != 0 {
                if theirs.count == ComposedText.capacity { return false }
                theirs.append(pointer.pointee)
                pointer += 1
            }
        }
        return theirs == text
    }
}
