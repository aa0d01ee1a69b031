import HangulCore
import HangulKeys

extension Reply {
    /// Appends the line answering `key` request `id` with `result`, byte for byte what
    /// ``write(id:result:to:)`` writes for it, newline included.
    ///
    /// A typing reply (an integer id, and none of the options, a candidate list, a picked
    /// candidate or characters to delete) is measured first and then written in one piece:
    /// `{"id":N,"result":{"handled":…,"commit":"…","preedit":"…","mode":"…"}}`. Written member by
    /// member it took about twenty appends, each checking the buffer's uniqueness and room, which
    /// was a twentieth of the daemon's user time per `key` line. Any other reply is written member
    /// by member. A test compares both paths on random results, escapes and words included.
    public static func write(id: RequestID, key result: KeyStateResult, to writer: inout JSONWriter) {
        guard case .integer(let number) = id, result.isTyping else {
            return write(id: id, result: result, to: &writer)
        }
        write(id: number, typing: result.result, to: &writer)
    }

    /// Appends the line answering `key` request `id` with `result` when the reply is a typing reply:
    /// an integer id, and a result with none of the members beyond the four typing gives
    /// (``KeyResult/isTyping``), with no options or candidate page to add. Byte for byte what
    /// ``write(id:key:to:)`` writes for it.
    ///
    /// The daemon calls this with the engine's result as it is, so a typing key builds no
    /// ``KeyStateResult``: building and dropping one cost two outlined copies of the 185-byte
    /// result, with a retain and release of each of its texts, on every key.
    public static func write(id number: Int64, typing result: borrowing KeyResult, to writer: inout JSONWriter) {
        assert(result.isTyping, "a reply with members beyond typing's takes write(id:key:to:)")
        let sign = number < 0 ? 1 : 0
        let handled: StaticString =
            result.handled ? #","result":{"handled":true,"commit":""# : #","result":{"handled":false,"commit":""#
        let fixed: (StaticString, StaticString) = (#"{"id":"#, #"","preedit":""#)
        let tail = modeTail(result.mode)
        let count =
            fixed.0.utf8CodeUnitCount + sign + decimalDigits(number.magnitude) + handled.utf8CodeUnitCount
            + JSONWriter.escapedCount(result.commit) + fixed.1.utf8CodeUnitCount
            + JSONWriter.escapedCount(result.preedit)
            + tail.utf8CodeUnitCount
        writer.append(count: count) { cursor in
            cursor.put(fixed.0)
            if sign == 1 { cursor.put(UInt8(ascii: "-")) }
            writeDecimal(number.magnitude, at: &cursor)
            cursor.put(handled)
            JSONWriter.writeEscaped(result.commit, at: &cursor)
            cursor.put(fixed.1)
            JSONWriter.writeEscaped(result.preedit, at: &cursor)
            cursor.put(tail)
        }
    }

    /// The end of a typing reply from the preedit's closing quote: the mode's name is a literal per
    /// mode rather than its raw value measured and escaped byte by byte, which cost a fortieth of
    /// the session's time per key. A test holds each literal to what the general writer writes.
    static func modeTail(_ mode: InputMode) -> StaticString {
        switch mode {
        case .hangul: "\",\"mode\":\"hangul\"}}\n"
        case .latin: "\",\"mode\":\"latin\"}}\n"
        }
    }

    /// How many digits `value` has in decimal.
    private static func decimalDigits(_ value: UInt64) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// Writes `value` in decimal, ``decimalDigits(_:)`` bytes, back to front.
    private static func writeDecimal(_ value: UInt64, at cursor: inout UnsafeMutablePointer<UInt8>) {
        let count = decimalDigits(value)
        var rest = value
        var position = cursor + count
        repeat {
            position -= 1
            position.pointee = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        } while rest > 0
        cursor += count
    }
}

extension KeyStateResult {
    /// Whether the reply has only the four members typing gives: no options, no candidate list
    /// shown or closed, no picked candidate, nothing to delete.
    var isTyping: Bool {
        @inline(__always) get { options == nil && page == nil && result.isTyping }
    }
}

extension KeyResult {
    /// Whether a reply of this result alone has only the four members typing gives: no candidate
    /// list shown or closed, no picked candidate, nothing to delete.
    public var isTyping: Bool {
        @inline(__always) get { candidates == .unchanged && converted.isEmpty && deleteBefore == 0 }
    }
}
