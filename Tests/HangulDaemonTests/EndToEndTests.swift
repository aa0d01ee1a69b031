import Dispatch
import Foundation
import HangulClient
import HangulKeys
import HangulTestSupport
import Testing

/// The real `hanguld` over a real socket, as frontends meet it.
@Suite(.hangGuard)
struct EndToEndTests {
    static let repository: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path
    }()

    @Test(.enabled(if: SystemTools.shouldRun(needing: ["python3"])))
    func everyConformanceTranscriptPassesAgainstTheRunningDaemonWithThePythonReplayer() async throws {
        // hanja.txt's candidates come from the committed dictionary, as its header says.
        let daemon = try await RunningDaemon.start([
            "--no-system-hanja", "--hanja-file", Self.repository + "/protocol/conformance/hanja-dictionary.dic",
        ])
        let python = try #require(SystemTools.find("python3"), "python3 is missing: run scripts/setup")
        let replay = try ChildProcess.launch(
            python, [Self.repository + "/protocol/conformance/replay.py", "--socket", daemon.socketPath])
        let outcome = try await replay.finish(within: 90)
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.repository + "/protocol/conformance")
            .filter { $0.hasSuffix(".txt") }
        #expect(outcome.status == 0, "\(outcome.stdout)")
        #expect(outcome.stdout.hasSuffix("\(files.count) passed, 0 failed\n"), "\(outcome.stdout)")
        #expect(try daemon.servesAFreshClient())
        #expect(try await daemon.stop().status == 0)
    }

    /// `hangul-compose --daemon` must print exactly what the in-process mode prints, in every format.
    @Test(arguments: [
        [], ["--json"], ["--trace"], ["--option", "auto-reorder", "--output", "jamo"], ["--layout", "sebeolsik-final"],
        ["--layout", "3y", "--json"], ["--layout", "ro", "--trace"], ["--layout", "ahn"],
        ["--option", "commit-unit=word", "--json"], ["--option", "commit-unit=word", "--layout", "3f", "--trace"],
        ["--option", "auto-fix", "--json"],
    ])
    func composeThroughTheDaemonPrintsExactlyWhatInProcessPrints(format: [String]) async throws {
        let daemon = try await RunningDaemon.start()
        let corpus = Data((Self.corpus.joined(separator: "\n") + "\n").utf8)
        let inProcess = try Subprocess.run("hangul-compose", format, input: corpus)
        let throughDaemon = try Subprocess.run(
            "hangul-compose", format + ["--daemon", "--socket", daemon.socketPath], input: corpus)
        #expect(inProcess.status == 1, "the corpus holds one bad line")
        #expect(throughDaemon.status == inProcess.status)
        #expect(throughDaemon.stdout == inProcess.stdout)
        #expect(throughDaemon.stderr == inProcess.stderr)
        #expect(inProcess.stdout.split(separator: "\n", omittingEmptySubsequences: false).count > Self.corpus.count)
        #expect(try await daemon.stop().status == 0)
    }

    /// The fix keys through the daemon fix the word already typed, as in process: the text before them
    /// goes to the daemon as the field's text (set_surrounding_text), as a frontend sends it.
    @Test(arguments: [[], ["--json"]])
    func fixKeysThroughTheDaemonFixWhatTheInProcessModeFixes(format: [String]) async throws {
        let daemon = try await RunningDaemon.start()
        let lines = [
            "<Hangul>dkssud<Pause>", "<Hangul>dkssud<Pause><Pause> ok", "<Hangul>hello dkssud<Pause>gktpdy",
            "dkssud<Shift+Hangul>", "hello<Pause> dkssud",
        ]
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let inProcess = try Subprocess.run("hangul-compose", format, input: input)
        let throughDaemon = try Subprocess.run(
            "hangul-compose", format + ["--daemon", "--socket", daemon.socketPath], input: input)
        #expect(inProcess.status == 0)
        #expect(throughDaemon.stdout == inProcess.stdout)
        #expect(throughDaemon.stderr == inProcess.stderr)
        if format.isEmpty {
            #expect(throughDaemon.stdout == "안녕\ndkssud ok\nhello 안녕하세요\n안녕\nhello dkssud\n")
        }
        #expect(try await daemon.stop().status == 0)
    }

    /// Typing that exercises every rule: compounds, stealing, backspace, toggles, shortcuts, Escape,
    /// named keys, forwarded punctuation, Latin mode, words typed in the wrong mode, and one unknown
    /// key name.
    static let corpus: [String] = {
        var lines = [
            "dkssudgktpdy", "ekfrk", "rkqtl", "rkTk", "rkW", "rtk", "dnpfr<BackSpace><BackSpace>",
            "rhkl", "rk<Hangul>ab<Hangul>sk", "<Control+a>rk<BackSpace><BackSpace><BackSpace>",
            "<Shift+space>abc<Escape>rk", "rk1sk;", "gks<Return>rmf<Tab>", "RKS<Left>", "rk<Foo>sk",
            "<BackSpace>", "", "kr", "hrk<BackSpace><BackSpace>", "QWERTYUIOP{}|", "<Alt+x>dkdk<Mod5+q>",
            // Words typed in the wrong mode, which --option auto-fix repairs (and BackSpace undoes).
            "<Hangul>dkssud gktpdy", "<Hangul>dkssud <BackSpace>ok", "hello world. dkssud",
        ]
        var state: UInt64 = 7
        let keys = Array("qwertyuiopasdfghjklzxcvbnmQWERTOP ,.1")
        for _ in 0..<300 {
            var line = ""
            for _ in 0..<30 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                line.append(keys[Int(state >> 33) % keys.count])
            }
            lines.append(line)
        }
        return lines
    }()

    /// The text each client should get, computed in process with the same rules.
    static func expectedText(_ keys: String) throws -> String {
        var context = InputContext()
        var text = ""
        for key in try KeyNotation.parse(keys) {
            let result = context.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
            text += result.commit.string
            if !result.handled, let character = key.keysym.character { text.unicodeScalars.append(character) }
        }
        return text + context.flush().string
    }

    @Test func hundredConcurrentClientsEachGetExactlyTheirOwnText() async throws {
        let daemon = try await RunningDaemon.start()
        let syllableKeys = ["rk", "sk", "ek", "fk", "ak", "qk", "tk", "dk", "wk", "ck", "zk", "xk", "vk", "gk"]
        let inputs = (0..<100).map { client in
            (0..<40).map { syllableKeys[(client * 7 + $0 * (client % 5 + 1)) % syllableKeys.count] }.joined()
                + (client % 2 == 0 ? "s" : "")
        }
        let expected = try inputs.map(Self.expectedText)
        let results = ResultBox(count: inputs.count)
        let path = daemon.socketPath
        DispatchQueue.concurrentPerform(iterations: inputs.count) { index in
            do {
                let client = try HangulClient(socketPath: path, clientName: "e2e-\(index)")
                var text = ""
                for key in Array(inputs[index]) {
                    let keysym = Keysym(rawValue: key.unicodeScalars.first?.value ?? 0)
                    let states = try client.keys([.init(keysym: keysym), .init(keysym: keysym, isRelease: true)])
                    text += states[0].commit
                }
                text += try client.reset().commit
                results.set(index, text)
            } catch {
                results.set(index, "error: \(error)")
            }
        }
        for index in inputs.indices {
            #expect(results.get(index) == expected[index], "client \(index)")
        }
        #expect(try daemon.servesAFreshClient())
        #expect(try await daemon.stop().status == 0)
    }

    /// At debug level the log names methods and error codes; what the user typed never appears.
    @Test func debugLogNamesMethodsButNeverWhatWasTyped() async throws {
        let daemon = try await RunningDaemon.start(["--log-level", "debug"])
        let client = try UnixClient(path: daemon.socketPath)
        try client.send(
            #"{"id":1,"method":"hello","params":{"protocol":1}}"# + "\n"
                + #"{"id":2,"method":"key","params":{"keysym":103}}"# + "\n"
                + #"{"id":3,"method":"key","params":{"keysym":107}}"# + "\n"
                + #"{"id":4,"method":"key","params":{"keysym":"secret"}}"# + "\n"
                + #"{"id":5,"method":"reset"}"# + "\n")
        for _ in 1...5 { _ = try client.readLine() }
        client.close()
        let log = try await daemon.stop().stderr
        #expect(log.contains("line=method=key"))
        #expect(log.contains("line=error=-32602"))
        #expect(log.contains("line=method=reset"))
        for typed in ["하", "ㅎ", "secret", "keysym", "commit", "preedit"] {
            #expect(!log.contains(typed), "the log shows \(typed)")
        }
    }

    @Test func aClientThatVanishesMidSyllableLeavesTheDaemonHealthy() async throws {
        let daemon = try await RunningDaemon.start()
        for _ in 0..<20 {
            let client = try UnixClient(path: daemon.socketPath)
            try client.send(
                #"{"id":1,"method":"hello","params":{"protocol":1}}"# + "\n"
                    + #"{"id":2,"method":"key","params":{"keysym":114}}"# + "\n"
                    + #"{"id":3,"method":"key","params":{"keysym":107"#)
            client.close()
        }
        #expect(try daemon.servesAFreshClient())
        #expect(try await daemon.stop().status == 0)
    }

    /// Each bad line gets its specified error, and the daemon then serves a fresh client.
    @Test(arguments: [
        (Array("{\"id\":1,".utf8), #"{"id":null,"error":{"code":-32700,"#),
        ([0x7B, 0x22, 0xFF, 0x22, 0x3A, 0x31, 0x7D], #"{"id":null,"error":{"code":-32700,"#),
        (Array("{\"id\":1,\"method\":\"ping\"}".utf8) + [0], #"{"id":null,"error":{"code":-32700,"#),
        (Array(#"{"id":1,"method":"key","params":{"keysym":"a"}}"#.utf8), #"{"id":1,"error":{"code":-32602,"#),
        (Array(#"{"id":1,"method":"key","params":{"keysym":1e400}}"#.utf8), #"{"id":1,"error":{"code":-32602,"#),
        (
            Array(#"{"id":99999999999999999999999,"method":"ping"}"#.utf8),
            #"{"id":null,"error":{"code":-32600,"#
        ),
        (Array(#"{"id":1,"method":"launch_missiles"}"#.utf8), #"{"id":1,"error":{"code":-32601,"#),
        (Array(#"{"id":1,"method":"set_options","params":{"layout":"3x"}}"#.utf8), #"{"id":1,"error":{"code":-32001,"#),
        (Array(#"[1,2,3]"#.utf8), #"{"id":null,"error":{"code":-32600,"#),
    ])
    func badInputGetsItsErrorAndTheDaemonGoesOn(line: [UInt8], expectedPrefix: String) async throws {
        let daemon = try await RunningDaemon.start()
        let client = try UnixClient(path: daemon.socketPath)
        try client.send(#"{"id":0,"method":"hello","params":{"protocol":1}}"# + "\n")
        _ = try client.readLine()
        try client.send(bytes: line + [0x0A])
        let reply = try #require(try client.readLine())
        #expect(reply.hasPrefix(expectedPrefix), "\(reply)")
        try client.send(#"{"id":7,"method":"ping"}"# + "\n")
        #expect(try client.readLine() == #"{"id":7,"result":{}}"#, "the session survives its own error")
        client.close()
        #expect(try daemon.servesAFreshClient())
        #expect(try await daemon.stop().status == 0)
    }

    @Test func aLineOverTheLimitIsRefusedAndOnlyThatConnectionCloses() async throws {
        let daemon = try await RunningDaemon.start()
        let bystander = try UnixClient(path: daemon.socketPath)
        try bystander.send(#"{"id":1,"method":"hello","params":{"protocol":1}}"# + "\n")
        _ = try bystander.readLine()
        let client = try UnixClient(path: daemon.socketPath)
        try client.send(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 70_000))
        #expect(try client.readLine()?.hasPrefix(#"{"id":null,"error":{"code":-32003,"#) == true)
        #expect(try client.readToEnd() == [])
        try bystander.send(#"{"id":2,"method":"ping"}"# + "\n")
        #expect(try bystander.readLine() == #"{"id":2,"result":{}}"#)
        #expect(try daemon.servesAFreshClient())
        #expect(try await daemon.stop().status == 0)
    }

    /// 10,000 requests written before reading any reply: every reply arrives in order, or the
    /// connection ends with -32004 after the replies it owed; either way the daemon goes on.
    @Test func tenThousandPipelinedRequestsWithoutReadingDoNotHurtTheDaemon() async throws {
        let daemon = try await RunningDaemon.start()
        let client = try UnixClient(path: daemon.socketPath)
        var batch = Array((#"{"id":0,"method":"hello","params":{"protocol":1}}"# + "\n").utf8)
        for id in 1...10_000 {
            batch += Array(#"{"id":\#(id),"method":"key","params":{"keysym":114}}"#.utf8) + [0x0A]
        }
        let lines = batch
        let sent = DispatchSemaphore(value: 0)
        let finished = SharedFlag()
        let writer = Thread {
            try? client.send(bytes: lines)
            finished.value = true
            sent.signal()
        }
        writer.start()
        // Nothing is read until the writer is done: the daemon goes on reading while its replies
        // wait, so the send ends, with every line taken or with the connection cut off at -32004.
        let written = await eventually(within: 60) { finished.value }
        #expect(written, "the daemon stopped reading a client that did not read its replies")
        _ = try client.readLine()
        var next = 1
        while let line = try client.readLine() {
            if line.hasPrefix(#"{"id":null,"error":{"code":-32004,"#) { break }
            #expect(line.hasPrefix(#"{"id":\#(next),"result":{"handled":true,"#), "\(line)")
            next += 1
            if next > 10_000 { break }
        }
        // The writer may still be sending. Closing under it would free its descriptor number for
        // the next client, which would then carry the rest of this batch (seen once in CI): stop
        // the socket first, so the writer's send fails, and wait for it.
        shutdown(client.descriptor, CInt(SHUT_RDWR))
        sent.wait()
        client.close()
        #expect(try daemon.servesAFreshClient())
        #expect(try await daemon.stop().status == 0)
    }
}

/// Per-index results written from concurrent workers.
final class ResultBox: @unchecked Sendable {
    private var values: [String?]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: nil, count: count) }
    func set(_ index: Int, _ value: String) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> String? { lock.withLock { values[index] } }
}

/// The README's Python frontend is the file in contrib/, and it works against the real daemon.
@Suite(.hangGuard)
struct PythonExampleTests {
    @Test func theReadmeShowsTheExampleFileVerbatim() throws {
        let readme = try String(contentsOfFile: EndToEndTests.repository + "/README.md", encoding: .utf8)
        let example = try String(
            contentsOfFile: EndToEndTests.repository + "/contrib/python/hangul_type.py", encoding: .utf8)
        #expect(readme.contains("```python\n" + example + "```\n"))
    }

    @Test(.enabled(if: SystemTools.shouldRun(needing: ["python3"])))
    func thePythonExampleTypesThroughTheDaemon() async throws {
        let daemon = try await RunningDaemon.start()
        let python = try #require(SystemTools.find("python3"), "python3 is missing: run scripts/setup")
        var environment = ProcessInfo.processInfo.environment
        environment["HANGULD_SOCKET"] = daemon.socketPath
        let example = try ChildProcess.launch(
            python, [EndToEndTests.repository + "/contrib/python/hangul_type.py", "dkssud gksrmf1"],
            environment: environment)
        let outcome = try await example.finish()
        #expect(outcome.stdout == "안녕 한글1\n", "\(outcome.stderr)")
        #expect(try await daemon.stop().status == 0)
    }
}
