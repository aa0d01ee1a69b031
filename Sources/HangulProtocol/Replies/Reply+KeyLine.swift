import HangulCore
import HangulKeys

extension Reply {
    /// Appends the line answering `key` request `id` with the engine's `result`, the candidate
    /// `page` while a list is open, and the session's `options` when it has just followed reloaded
    /// settings: byte for byte what ``write(id:result:to:)`` writes for the ``KeyStateResult`` of
    /// the three, newline included.
    ///
    /// A typing reply (an integer id, and none of the options, a candidate list, a picked
    /// candidate or characters to delete) is measured first and then written in one piece:
    /// `{"id":N,"result":{"handled":…,"commit":"…","preedit":"…","mode":"…"}}`. Written member by
    /// member it took about twenty appends, each checking the buffer's uniqueness and room, which
    /// was a twentieth of the daemon's user time per `key` line. It is written from the engine's
    /// result as it is: building and dropping a ``KeyStateResult`` cost two outlined copies of the
    /// 185-byte result, with a retain and release of each of its texts. Any other reply builds
    /// one and is written member by member. A test compares both paths on random results, escapes
    /// and words included.
    public static func write(
        id: RequestID, key result: borrowing KeyResult, page: CandidatePage?, options: SessionOptions?,
        to writer: inout JSONWriter
    ) {
        guard case .integer(let number) = id, page == nil, options == nil, result.isTyping else {
            return write(id: id, result: KeyStateResult(copy result, page: page, options: options), to: &writer)
        }
        writeTyping(id: number, result, to: &writer)
    }

    /// The typing reply of ``write(id:key:page:options:to:)``.
    private static func writeTyping(id number: Int64, _ result: borrowing KeyResult, to writer: inout JSONWriter) {
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

extension KeyResult {
    /// Whether a reply of this result alone has only the four members typing gives: no candidate
    /// list shown or closed, no picked candidate, nothing to delete.
    var isTyping: Bool {
        @inline(__always) get { candidates == .unchanged && converted.isEmpty && deleteBefore == 0 }
    }
}
