import Foundation
import HangulDaemon
import Testing

/// The whole server over a real Unix socket in a temporary directory.
@Suite struct ServerTests {
    @Test func hundredConcurrentClientsEachGetExactlyTheirOwnReplies() async throws {
        try await TestServer.with { running in
            let socketPath = running.socketPath
            let failures = try await withThrowingTaskGroup(of: [String].self) { group in
                for client in 0..<100 {
                    group.addTask {
                        try await onThread {
                            let connection = try UnixClient(path: socketPath)
                            var wrong: [String] = []
                            for round in 0..<20 {
                                // Two requests per write, so replies to different clients interleave on the server.
                                try connection.send("client-\(client)-a\(round)\nclient-\(client)-b\(round)\n")
                                for part in ["A", "B"] {
                                    let expected = "CLIENT-\(client)-\(part)\(round)"
                                    let got = try connection.readLine()
                                    if got != expected {
                                        wrong.append("client \(client) expected \(expected), got \(got ?? "EOF")")
                                    }
                                }
                            }
                            return wrong
                        }
                    }
                }
                var all: [String] = []
                for try await wrong in group {
                    all += wrong
                }
                return all
            }
            #expect(failures == [])
            #expect(running.factory.log.lines.count == 100 * 20 * 2)
        }
    }

    @Test func clientDisconnectingMidLineLeavesTheServerServingAFreshClient() async throws {
        try await TestServer.with { running in
            let leaving = try running.connect()
            try leaving.send("first\npartial-request-without-newl")
            #expect(try leaving.readLine() == "FIRST")
            leaving.close()
            #expect(await eventually { running.server.activeConnections == 0 })

            let fresh = try running.connect()
            try fresh.send("hello\n")
            #expect(try fresh.readLine() == "HELLO")
            #expect(running.factory.log.lines == [Array("first".utf8), Array("hello".utf8)])
        }
    }

    @Test func overlongLineClosesOnlyThatConnection() async throws {
        try await TestServer.with { running in
            let bystander = try running.connect()
            try bystander.send("before\n")
            #expect(try bystander.readLine() == "BEFORE")

            let offender = try running.connect()
            try offender.send(bytes: [UInt8](repeating: UInt8(ascii: "q"), count: 65536))
            #expect(try offender.readLine() == "ERROR line-too-long 65536")
            #expect(try offender.readToEnd() == [])

            try bystander.send("after\n")
            #expect(try bystander.readLine() == "AFTER")
            let fresh = try running.connect()
            try fresh.send("fresh\n")
            #expect(try fresh.readLine() == "FRESH")
        }
    }

    @Test func lineOfExactlyTheLimitIsAnsweredOverTheSocket() async throws {
        try await TestServer.with { running in
            let client = try running.connect()
            try client.send(bytes: [UInt8](repeating: UInt8(ascii: "k"), count: 65535) + [UInt8(ascii: "\n")])
            #expect(try client.readLineBytes() == [UInt8](repeating: UInt8(ascii: "K"), count: 65535))
        }
    }

    @Test func tenThousandPipelinedLinesAreAllAnsweredOrEndInTheTooManyPendingError() async throws {
        try await TestServer.with { running in
            let socketPath = running.socketPath
            let expected = (0..<10_000).map { String(format: "LINE-%05d", $0) }
            let received = try await onThread { () -> [String] in
                let client = try UnixClient(path: socketPath)
                // Write everything before reading anything, as a client that pipelines and ignores replies.
                let requests = (0..<10_000).map { String(format: "line-%05d\n", $0) }.joined()
                try client.send(requests)
                var lines: [String] = []
                while lines.count < 10_000, let line = try client.readLine() {
                    lines.append(line)
                }
                return lines
            }
            if received == expected {
                // All answered: the kernel's socket buffers absorbed the replies.
            } else {
                #expect(received.last == "ERROR too-many-pending 1024")
                #expect(Array(received.dropLast()) == Array(expected.prefix(received.count - 1)))
            }
            let fresh = try running.connect()
            try fresh.send("still here\n")
            #expect(try fresh.readLine() == "STILL HERE")
        }
    }

    @Test func clientThatNeverReadsLargeRepliesGetsTheTooManyPendingErrorThenClose() async throws {
        // A low bound keeps the volume small (a few MB), so the test stays quick on a loaded machine;
        // a long final-write timeout lets a slow reader still collect the error line.
        let configuration = ServerConfiguration(maxPendingLines: 64, finalWriteTimeout: .seconds(60))
        try await TestServer.with(configuration: configuration) { running in
            let socketPath = running.socketPath
            let logs = running.logs
            // 400 requests of 4 bytes fit the socket buffer at once; their 6 MB of replies cannot,
            // so the server must queue lines and hit the pending bound. The client reads nothing
            // until the server says so: reading at once could keep pace with the server, which
            // then answers all 400 and never closes (the test's own race, seen once in CI).
            let (replies, tail) = try await onThread { () -> (Int, [String]) in
                let client = try UnixClient(path: socketPath)
                try client.send(String(repeating: "big\n", count: 400))
                let deadline = ContinuousClock.now + .seconds(30)
                while !logs.all.contains(where: { $0.contains("closing connection over a limit") }),
                    ContinuousClock.now < deadline
                {
                    usleep(10_000)
                }
                var replies = 0
                var tail: [String] = []
                while let line = try client.readLineBytes() {
                    if line.count == UppercaseSession.bigReply.count - 1 && tail.isEmpty {
                        replies += 1
                    } else {
                        tail.append(String(decoding: line, as: UTF8.self))
                    }
                }
                return (replies, tail)
            }
            #expect(replies > 0)
            #expect(replies < 400)
            #expect(tail == ["ERROR too-many-pending 64"])
            let fresh = try running.connect()
            try fresh.send("fine\n")
            #expect(try fresh.readLine() == "FINE")
        }
    }

    @Test func connectionOverTheSessionLimitIsToldAndClosed() async throws {
        try await TestServer.with(configuration: ServerConfiguration(maxSessions: 2)) { running in
            let first = try running.connect()
            let second = try running.connect()
            for client in [first, second] {
                try client.send("here\n")
                #expect(try client.readLine() == "HERE")
            }
            let third = try running.connect()
            #expect(try third.readLine() == "ERROR too-many-sessions 2")
            #expect(try third.readToEnd() == [])

            first.close()
            #expect(await eventually { running.server.activeConnections == 1 })
            let fourth = try running.connect()
            try fourth.send("room again\n")
            #expect(try fourth.readLine() == "ROOM AGAIN")
        }
    }

    @Test func halfClosingClientGetsItsAnswersThenEndOfStream() async throws {
        try await TestServer.with { running in
            let client = try running.connect()
            try client.send("one\ntwo\nunfinished")
            client.shutdownWrite()
            #expect(try client.readLine() == "ONE")
            #expect(try client.readLine() == "TWO")
            #expect(try client.readToEnd() == [])
            #expect(running.factory.log.lines == [Array("one".utf8), Array("two".utf8)])
        }
    }

    @Test func shutdownClosesConnectedClientsAndRemovesTheSocket() async throws {
        let running = try await TestServer.start()
        defer { running.directory.remove() }
        let client = try running.connect()
        try client.send("x\n")
        #expect(try client.readLine() == "X")
        await running.server.shutdown()
        #expect(!FileManager.default.fileExists(atPath: running.socketPath))
        // A socket accepted without close-on-exec (as SwiftNIO's were): if a child that another
        // test spawned held it, the end of stream waited for that child (this client once waited out its 20 s timeout
        // in the full suite). Test spawns now close every descriptor above 2 in the child.
        #expect(try client.readToEnd() == [])
        #expect(running.server.activeConnections == 0)
        await running.server.shutdown()  // a second call is harmless
    }

    @Test func logsNeverContainWhatClientsSend() async throws {
        let running = try await TestServer.start(configuration: ServerConfiguration(maxLineLength: 64))
        defer { running.directory.remove() }
        let client = try running.connect()
        try client.send("secret-keystroke\n")
        #expect(try client.readLine() == "SECRET-KEYSTROKE")
        try client.send(String(repeating: "secret", count: 20))
        #expect(try client.readLine() == "ERROR line-too-long 64")
        let other = try running.connect()
        try other.send("partial secret")
        other.close()
        await running.server.shutdown()

        let logs = running.logs.all
        #expect(logs.contains { $0.contains("connection opened") })
        #expect(logs.contains { $0.contains("connection closed") && $0.contains("bytes-in=17") })
        #expect(logs.contains { $0.contains("closing connection over a limit") })
        #expect(!logs.contains { $0.lowercased().contains("secret") })
    }
}
