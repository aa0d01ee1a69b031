import HangulProtocol
import HangulTestSupport
import Testing

@Suite struct ConformanceTranscriptTests {
    @Test func everyFormParses() throws {
        let text = """
            !hold 2
            # a comment

            > {"id":1}
            >
            < {"id":1,"result":{}}
            <?
            <* {"id":2,"result":{}}
            !bytes 7b 7D 0a
            !padded 40 {"id":3}
            !fill 10
            !flood 5 {"id":4}
            !closed
            """
        let transcript = try ConformanceTranscript(parsing: text)
        #expect(
            transcript.steps == [
                .init(line: 1, action: .hold(2)), .init(line: 4, action: .send(#"{"id":1}"#)),
                .init(line: 5, action: .send("")), .init(line: 6, action: .expect(#"{"id":1,"result":{}}"#)),
                .init(line: 7, action: .expectAny), .init(line: 8, action: .expectRepeated(#"{"id":2,"result":{}}"#)),
                .init(line: 9, action: .sendBytes([0x7B, 0x7D, 0x0A])),
                .init(line: 10, action: .sendPadded(#"{"id":3}"#, totalBytes: 40)),
                .init(line: 11, action: .sendFill(10)),
                .init(line: 12, action: .flood(#"{"id":4}"#, count: 5)), .init(line: 13, action: .expectClosed),
            ])
    }

    @Test(arguments: [
        ("hello", "line 1: a line starts with '> ', '< ', '<?', '<* ', '!' or '#'"),
        ("<x", "line 1: a line starts with '> ', '< ', '<?', '<* ', '!' or '#'"),
        ("!bytes 7", "line 1: !bytes wants hex byte pairs such as 7b 7d 0a"),
        ("!padded 5 {\"id\":1}", "line 1: !padded wants a byte count and a JSON object line shorter than it"),
        ("!flood x {}", "line 1: !flood wants a positive count and a line"),
        ("> {}\n!hold 3", "line 2: !hold must come once, before anything is sent"),
    ])
    func malformedLinesAreReportedByNumber(text: String, message: String) {
        #expect(throws: ConformanceTranscript.SyntaxError.self) { try ConformanceTranscript(parsing: text) }
        do {
            _ = try ConformanceTranscript(parsing: text)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func paddingHitsTheExactLength() throws {
        let padded = try #require(ConformanceTranscript.paddedLine(#"{"id":2,"method":"ping"}"#, totalBytes: 65536))
        #expect(padded.utf8.count + 1 == 65536)
        #expect(padded.hasPrefix(#"{"id":2,"method":"ping","pad":"xxx"#))
        #expect(ConformanceTranscript.paddedLine("{}", totalBytes: 12) == #"{"pad":"x"}"#)
        #expect(ConformanceTranscript.paddedLine("{}", totalBytes: 11) == #"{"pad":""}"#)
        #expect(ConformanceTranscript.paddedLine("{}", totalBytes: 10) == nil)
    }
}
