import HangulKeys
import HangulProtocol
import HangulTestSupport

/// Replays a transcript against the daemon's own connection state machine and session in a
/// ``TranscriptConnection``, as `replay.py` replays it against a daemon over its socket.
enum TranscriptReplay {
    /// The first mismatch as `line N: …`, or nil when the transcript passes.
    static func firstFailure(of transcript: ConformanceTranscript, decoder: KeyDecoder?) -> String? {
        var held = 0
        if case .hold(let count) = transcript.steps.first?.action { held = count }
        var connection = TranscriptConnection(otherSessions: held, decoder: decoder)
        for step in transcript.steps {
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
                // A client that sends and never reads: the replies pile up in the socket's buffer.
                let bytes = Array((line + "\n").utf8)
                for _ in 0..<count where !connection.isClosed { connection.receive(bytes) }
            case .expect(let expected):
                guard let reply = connection.readReply() else {
                    return "line \(step.line): expected \(expected), got no reply"
                }
                guard reply == expected else {
                    return "line \(step.line): expected \(expected)\n           got \(reply)"
                }
            case .expectAny:
                guard connection.readReply() != nil else { return "line \(step.line): expected a reply, got none" }
            case .expectRepeated(let expected):
                while connection.nextReply == expected { _ = connection.readReply() }
            case .expectClosed:
                if let reply = connection.nextReply { return "line \(step.line): unexpected reply \(reply)" }
                guard connection.isClosed else { return "line \(step.line): the connection is still open" }
            }
        }
        connection.endOfInput()
        if let reply = connection.nextReply { return "end of file: unexpected reply \(reply)" }
        guard connection.isClosed else {
            return "end of file: the server did not close after the client's end of input"
        }
        return nil
    }
}
