import HangulKeys
import HangulProtocol
import HangulTestSupport

/// Replays a transcript against the real session in a ``ConnectionSimulator``, as `replay.py` replays
/// it against a daemon.
enum TranscriptReplay {
    /// The first mismatch as `line N: …`, or nil when the transcript passes.
    static func firstFailure(of transcript: ConformanceTranscript, decoder: KeyDecoder?) -> String? {
        var held = 0
        if case .hold(let count) = transcript.steps.first?.action { held = count }
        var connection = ConnectionSimulator(otherSessions: held, decoder: decoder)
        var read = 0
        for step in transcript.steps {
            let replies = connection.replies
            switch step.action {
            case .hold: continue
            case .send(let line): connection.receive(Array((line + "\n").utf8))
            case .sendBytes(let bytes): connection.receive(bytes)
            case .sendPadded(let line, let total):
                guard let padded = ConformanceTranscript.paddedLine(line, totalBytes: total) else {
                    return "line \(step.line): cannot pad"
                }
                connection.receive(Array((padded + "\n").utf8))
            case .sendFill(let count): connection.receive([UInt8](repeating: UInt8(ascii: "x"), count: count))
            case .flood(let line, let count):
                for _ in 0..<count where !connection.isClosed {
                    connection.receive(Array((line + "\n").utf8), unreadReplies: connection.replies.count - read)
                }
            case .expect(let expected):
                guard read < replies.count else { return "line \(step.line): expected \(expected), got no reply" }
                guard replies[read] == expected else {
                    return "line \(step.line): expected \(expected)\n           got \(replies[read])"
                }
                read += 1
            case .expectAny:
                guard read < replies.count else { return "line \(step.line): expected a reply, got none" }
                read += 1
            case .expectRepeated(let expected):
                while read < replies.count && replies[read] == expected { read += 1 }
            case .expectClosed:
                guard read == replies.count else { return "line \(step.line): unexpected reply \(replies[read])" }
                guard connection.isClosed else { return "line \(step.line): the connection is still open" }
            }
        }
        connection.endOfInput()
        let replies = connection.replies
        guard read == replies.count else { return "end of file: unexpected reply \(replies[read])" }
        return nil
    }
}
