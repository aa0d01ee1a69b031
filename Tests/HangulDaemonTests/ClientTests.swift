import Glibc
import HangulCore
import HangulKeys
import HangulProtocol
import HangulTestSupport
import Testing

@testable import HangulClient

/// The typed client against the real daemon (every method), and against a socket the test plays
/// the daemon on (timeouts, a daemon that is full).
@Suite struct ClientTests {
    @Test func everyMethodIsTypedAndAnswered() async throws {
        let daemon = try await RunningDaemon.start()
        let client = try HangulClient(socketPath: daemon.socketPath, clientName: "client-tests")
        #expect(client.hello.protocolVersion == 1)
        #expect(client.hello.mode == .hangul)
        #expect(client.hello.options == SessionOptions())
        #expect(client.hello.methods == Request.Method.Name.allCases)
        #expect(
            client.hello.layouts.map(\.id) == [
                "2", "2y", "32", "39", "3f", "3s", "3y", "3sin-p2", "3sin-1995", "ro", "ahn",
            ])

        let r = KeyEvent(keysym: Keysym(rawValue: 0x72))
        #expect(try client.key(r) == KeyReply(handled: true, commit: "", preedit: "ㄱ", mode: .hangul))
        #expect(try client.key(KeyEvent(keysym: r.keysym, isRelease: true)).handled)
        #expect(
            try client.keys([KeyEvent(keysym: Keysym(rawValue: 0x6B)), KeyEvent(keysym: .hangul)]) == [
                KeyReply(handled: true, commit: "", preedit: "가", mode: .hangul),
                KeyReply(handled: true, commit: "가", preedit: "", mode: .latin),
            ])
        #expect(try client.toggle() == StateResult(commit: "", preedit: "", mode: .hangul))
        _ = try client.key(r)
        #expect(try client.reset() == StateResult(commit: "ㄱ", preedit: "", mode: .hangul))
        _ = try client.key(r)
        #expect(try client.cancel() == StateResult(commit: "", preedit: "", mode: .hangul))
        _ = try client.key(r)
        #expect(try client.setMode(.latin) == StateResult(commit: "ㄱ", preedit: "", mode: .latin))
        #expect(try client.setMode(.hangul) == StateResult(commit: "", preedit: "", mode: .hangul))
        #expect(try client.setContentType(.password) == StateResult(commit: "", preedit: "", mode: .latin))
        #expect(try client.setContentType(.normal) == StateResult(commit: "", preedit: "", mode: .hangul))

        let patch: OptionsPatch = [
            .layout: "sebeolsik-final", .autoReorder: true, .toggleKeys: [try KeyChord(notation: "ctrl+space")],
            .escapeToLatin: true,
        ]
        let changed = try client.setOptions(patch)
        var expected = SessionOptions().applying(patch)
        expected[.layout] = "3f"
        #expect(changed == OptionsResult(state: StateResult(commit: "", preedit: "", mode: .hangul), options: expected))
        #expect(try client.getOptions() == expected)
        try client.ping()
        await #expect(throws: Never.self) { try await daemon.stop() }
    }

    /// The conversion methods, with the conformance transcripts' dictionary.
    @Test func theConversionMethodsAreTypedAndAnswered() async throws {
        let daemon = try await RunningDaemon.start([
            "--no-system-hanja", "--hanja-file",
            EndToEndTests.repository + "/protocol/conformance/hanja-dictionary.dic",
        ])
        let client = try HangulClient(socketPath: daemon.socketPath, clientName: "client-tests")
        try client.setSurroundingText(beforeCursor: "나대한")
        let opened = try client.key(KeyEvent(keysym: .f9))
        let page = CandidatePage(
            items: [
                .init(value: "大韓", meaning: ""), .init(value: "韓", meaning: "나라 이름 한"),
                .init(value: "漢", meaning: "한수 한"), .init(value: "寒", meaning: "찰 한"),
            ], start: 0, highlight: 0, total: 4)
        #expect(opened == KeyReply(handled: true, commit: "", preedit: "", mode: .hangul, candidates: .open(page)))
        #expect(
            try client.selectCandidate(0)
                == StateResult(commit: "大韓", preedit: "", mode: .hangul, deleteBefore: 2, candidates: .closed))
        #expect(try client.closeCandidates() == StateResult(commit: "", preedit: "", mode: .hangul))
        await #expect(throws: Never.self) { try await daemon.stop() }
    }

    /// A refused request is an error for that call only: the session goes on.
    @Test func aRefusedRequestLeavesTheConnectionUsable() async throws {
        let daemon = try await RunningDaemon.start()
        let client = try HangulClient(socketPath: daemon.socketPath)
        #expect(
            throws: ClientError.server(
                code: -32001,
                message: #"unknown layout "9"; known: 2, 2y, 32, 39, 3f, 3s, 3y, 3sin-p2, 3sin-1995, ro, ahn"#)
        ) { try client.setOptions([.layout: "9"]) }
        #expect(throws: Never.self) { try client.ping() }
        _ = try await daemon.stop()
    }

    /// A daemon that stops answering costs a call its timeout, and the connection is then closed for
    /// good: a late reply would answer the wrong call.
    @Test func aReplyNotInTimeThrowsAndTheConnectionIsThenUnusable() throws {
        let (clientEnd, daemonEnd) = try Self.socketPair()
        defer { close(daemonEnd) }
        try Self.write(
            Reply.line(
                id: .integer(1), result: HelloResult(layouts: LayoutCatalog.builtIn.entries.map(LayoutSummary.init))),
            to: daemonEnd)
        let client = try HangulClient(connection: UnixSocketConnection(connected: clientEnd))
        #expect(client.hello == HelloResult(layouts: LayoutCatalog.builtIn.entries.map(LayoutSummary.init)))

        let start = ContinuousClock.now
        #expect(throws: ClientError.timedOut(method: "ping", timeout: .milliseconds(150))) {
            try client.ping(timeout: .milliseconds(150))
        }
        let waited = ContinuousClock.now - start
        #expect(waited >= .milliseconds(150))
        #expect(waited < .seconds(10))
        // The reply comes late; it must not be taken for the answer to the next call.
        try Self.write(Reply.line(id: .integer(2), result: EmptyResult()), to: daemonEnd)
        #expect(
            throws: ClientError.unusable(
                because: "hanguld did not answer ping within 0.15 seconds; the connection is closed, open a new one")
        ) { try client.ping() }
    }

    /// The client's own default timeout applies to every call that passes none, hello included.
    @Test func theDefaultTimeoutCoversHello() throws {
        let (clientEnd, daemonEnd) = try Self.socketPair()
        defer { close(daemonEnd) }
        #expect(throws: ClientError.timedOut(method: "hello", timeout: .milliseconds(100))) {
            _ = try HangulClient(connection: UnixSocketConnection(connected: clientEnd), timeout: .milliseconds(100))
        }
    }

    /// Issue 12, fault 9: a full daemon writes -32005 and closes, often before the client's hello
    /// is written; the write then fails, but the daemon's reason is already in the receive buffer.
    @Test func aDaemonThatClosedFirstIsReportedByWhatItSaid() throws {
        let (clientEnd, daemonEnd) = try Self.socketPair()
        try Self.write(ProtocolError.tooManySessions(limit: 1).replyLine, to: daemonEnd)
        close(daemonEnd)
        #expect(
            throws: ClientError.connectionEnded(
                code: -32005, message: "the daemon already serves 1 sessions; closing the connection")
        ) { _ = try HangulClient(connection: UnixSocketConnection(connected: clientEnd)) }
    }

    /// The same through the real daemon and `hangul-compose --daemon`, which printed "Broken pipe"
    /// in most tries before the client read the daemon's reason first.
    @Test func composeAgainstAFullDaemonShowsTheDaemonsReason() async throws {
        let daemon = try await RunningDaemon.start(["--max-sessions", "1"])
        // The start-up probe's connection may still hold the one slot for a moment.
        var holder: UnixClient?
        let holding = await eventually {
            guard let client = try? UnixClient(path: daemon.socketPath),
                (try? client.send(#"{"id":1,"method":"hello","params":{"protocol":1}}"# + "\n")) != nil,
                (try? client.readLine())??.hasPrefix(#"{"id":1,"result":"#) == true
            else { return false }
            holder = client
            return true
        }
        try #require(holding, "no session could be opened on a daemon serving one")
        for _ in 0..<10 {
            let run = try Subprocess.run(["--daemon", "--socket", daemon.socketPath, "rk"], input: "")
            #expect(run.status == 1)
            #expect(
                run.stderr
                    == "Error: hanguld ended the connection (-32005): the daemon already serves 1 sessions;"
                    + " closing the connection\n")
        }
        holder?.close()
        _ = try await daemon.stop()
    }

    private static func socketPair() throws -> (CInt, CInt) {
        var descriptors: [CInt] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &descriptors) == 0
        else { throw CallFailed(call: "socketpair", errno: errno) }
        return (descriptors[0], descriptors[1])
    }

    private static func write(_ bytes: [UInt8], to descriptor: CInt) throws {
        let written = bytes.withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard written == bytes.count else { throw CallFailed(call: "send", errno: errno) }
    }

    private struct CallFailed: Error {
        var call: String
        var errno: CInt
    }
}
