import Testing

@testable import HangulDaemon

/// The framer as the daemon runs it: `nextLine(from:)` on the bytes received so far, called until it
/// finds no complete line (the connection's state machine does exactly this).
@Suite struct LineFramerTests {
    /// Cuts what `pieces` deliver, read by read, into lines, as the state machine does.
    private func frame(_ pieces: [[UInt8]], maxLineLength: Int = 65536) throws(LineFramer.LineTooLong) -> (
        lines: [String], leftover: Int
    ) {
        var framer = LineFramer(maxLineLength: maxLineLength)
        var buffer: ArraySlice<UInt8> = []
        var lines: [String] = []
        for piece in pieces {
            buffer.append(contentsOf: piece)
            while let line = try framer.nextLine(from: &buffer) {
                lines.append(String(decoding: line, as: UTF8.self))
            }
        }
        return (lines, buffer.count)
    }

    private func frame(_ pieces: String...) throws(LineFramer.LineTooLong) -> (lines: [String], leftover: Int) {
        try self.frame(pieces.map { Array($0.utf8) })
    }

    @Test func lineSplitAcrossReadsIsJoined() throws {
        let result = try self.frame("hel", "lo\nwor", "ld\n")
        #expect(result.lines == ["hello", "world"])
        #expect(result.leftover == 0)
    }

    @Test func severalLinesInOneReadComeOutInOrder() throws {
        #expect(try self.frame("one\ntwo\n\nthree\n").lines == ["one", "two", "", "three"])
    }

    @Test func unfinishedLineStaysInTheBuffer() throws {
        let result = try self.frame("complete\npartial request")
        #expect(result.lines == ["complete"])
        #expect(result.leftover == 15)
    }

    @Test func lineExactlyAtTheLimitIsAccepted() throws {
        let content = [UInt8](repeating: UInt8(ascii: "a"), count: 65535)
        let result = try self.frame([content + [UInt8(ascii: "\n")]])
        #expect(result.lines.map(\.utf8.count) == [65535])
    }

    @Test func lineAtTheLimitArrivingInSmallPiecesIsAccepted() throws {
        let pieces =
            [[UInt8]](repeating: [UInt8](repeating: UInt8(ascii: "b"), count: 1000), count: 65)
            + [[UInt8](repeating: UInt8(ascii: "b"), count: 535) + [UInt8(ascii: "\n")]]
        #expect(try self.frame(pieces).lines.map(\.utf8.count) == [65535])
    }

    @Test func oneByteOverTheLimitIsAnError() {
        let content = [UInt8](repeating: UInt8(ascii: "a"), count: 65536)
        #expect(throws: LineFramer.LineTooLong(limit: 65536)) {
            try self.frame([content + [UInt8(ascii: "\n")]])
        }
    }

    @Test func overlongLineWithoutNewlineIsAnErrorAsSoonAsTheLimitIsReached() throws {
        #expect(try self.frame([Array("1234567".utf8)], maxLineLength: 8).leftover == 7)
        #expect(throws: LineFramer.LineTooLong(limit: 8)) {
            try self.frame([Array("1234567".utf8), Array("8".utf8)], maxLineLength: 8)
        }
    }

    @Test func linesBeforeAnOverlongLineAreStillEmitted() throws {
        var framer = LineFramer(maxLineLength: 8)
        var buffer = bytes("ok\nfine\n0123456789")
        #expect(try framer.nextLine(from: &buffer).map { String(decoding: $0, as: UTF8.self) } == "ok")
        #expect(try framer.nextLine(from: &buffer).map { String(decoding: $0, as: UTF8.self) } == "fine")
        #expect(throws: LineFramer.LineTooLong(limit: 8)) { try framer.nextLine(from: &buffer) }
    }

    @Test func nulAndNonUTF8BytesPassThroughUnchanged() throws {
        var framer = LineFramer(maxLineLength: 64)
        let content: [UInt8] = [0x61, 0x00, 0x62, 0xFF, 0xC3, 0x00]
        var buffer = content[...] + [UInt8(ascii: "\n")]
        #expect(try framer.nextLine(from: &buffer).map { Array($0) } == content)
    }

    @Test func carriageReturnIsPartOfTheLine() throws {
        // The protocol is "\n"-delimited; a "\r" before it belongs to the line and is the session's business.
        #expect(try self.frame("crlf\r\n").lines == ["crlf\r"])
    }
}
