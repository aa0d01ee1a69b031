import Foundation
import Glibc
import HangulTestSupport
import Testing

/// Issue 23, fault 3, through the real `hanguld`: one session's hanja key must never stall another
/// session's keys, whatever the dictionaries hold.
@Suite(.hangGuard)
struct HanjaFaultDaemonTests {
    private static func key(_ id: Int, _ keysym: Int) -> String {
        #"{"id":\#(id),"method":"key","params":{"keysym":\#(keysym)}}"# + "\n"
    }

    private static func hello(_ client: UnixClient) throws {
        try client.send(#"{"id":0,"method":"hello","params":{"protocol":1}}"# + "\n")
        _ = try client.readLine()
    }

    /// Two dictionaries of 20,000 entries each under 한, all values distinct: every entry of the
    /// second was compared with every entry of the first (400 million comparisons, 50–59 s per F9 in
    /// the issue) on the event loop, and every other session waited. Now each later dictionary's values
    /// are checked against a set, and a list holds at most 1,024 candidates, so the key is answered at
    /// once and so is the other session's ping sent just after it.
    @Test func anotherSessionIsAnsweredWhileAHugeListOpens() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var first = "가:家:\n"
        var second = ""
        for index in 0..<20_000 {
            first += "한:韓\(index):\n"
            second += "한:漢\(index):\n"
        }
        let firstPath = try directory.write(first, to: "first.txt")
        let secondPath = try directory.write(second, to: "second.txt")
        let daemon = try await RunningDaemon.start([
            "--no-system-hanja", "--hanja-file", firstPath, "--hanja-file", secondPath,
        ])
        let converting = try UnixClient(path: daemon.socketPath, timeoutSeconds: 5)
        let other = try UnixClient(path: daemon.socketPath, timeoutSeconds: 5)
        try Self.hello(converting)
        try Self.hello(other)
        // 가 and F9 first: the dictionaries are loaded before the huge lookup is timed.
        try converting.send(Self.key(1, 114) + Self.key(2, 107) + Self.key(3, 0xFFC6) + Self.key(4, 0xFF1B))
        for _ in 1...4 { _ = try converting.readLine() }
        // 한, then F9, then (once the F9 has surely reached the daemon) the other session's ping.
        try converting.send(Self.key(5, 103) + Self.key(6, 107) + Self.key(7, 115))
        for _ in 5...7 { _ = try converting.readLine() }
        try converting.send(Self.key(8, 0xFFC6))
        // Kept as a sleep: the lookup running in the daemon shows nowhere a test can poll, and the
        // ping must arrive while it runs, which is the point of the test.
        try await Task.sleep(for: .milliseconds(200))
        let sent = ContinuousClock.now
        let pinged = ContinuousClock.now
        try other.send(#"{"id":1,"method":"ping"}"# + "\n")
        let pong = try? other.readLine()
        #expect(pong == #"{"id":1,"result":{}}"#, "the other session's ping got no reply within 5 seconds")
        // At most the lookup itself (the old loader held the event loop 5.15 s).
        #expect(ContinuousClock.now - pinged < .seconds(4))
        #expect(ContinuousClock.now - sent < .seconds(5))
        let list = try? converting.readLine()
        #expect(
            list?.hasPrefix(
                #"{"id":8,"result":{"handled":true,"commit":"","preedit":"한","mode":"hangul","candidates":{"items":[{"value":"韓0","meaning":""}"#
            ) == true)
        #expect(list?.hasSuffix(#""start":0,"highlight":0,"total":1024}}}"#) == true, "\(list?.suffix(80) ?? "none")")
        if pong == nil { kill(daemon.child.pid, SIGKILL) }
        _ = try await daemon.stop()
    }

    /// A user dictionary of 12 MiB, unsorted: sorting it takes seconds (a 60 MiB one 141 s in a
    /// debug build), and the first hanja key loaded it on the event loop, so every session waited.
    /// The load now runs on its own thread (from start, and here from the SIGHUP that makes the
    /// huge file count): a hanja key during it waits at most 100 ms and goes on as if there were no
    /// dictionary yet, another session's ping is answered meanwhile, and a later hanja key finds
    /// the dictionary. (The file is sized for a debug build, whose
    /// load takes several seconds; `swift test` builds in debug.)
    @Test func aHugeDictionaryLoadsWithoutHoldingTheEventLoop() async throws {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(12 << 20)
        var random: UInt64 = 0x9E37_79B9_7F4A_7C15
        while bytes.count < 12 << 20 {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            for shift in [33, 45] {
                let syllable = 0xAC00 + Int((random >> UInt64(shift)) % 11_172)
                bytes += Array(String(Unicode.Scalar(UInt32(syllable)) ?? "가").utf8)
            }
            bytes += Array(":漢:\n".utf8)
        }
        bytes += Array("한:韓:\n".utf8)
        // The daemon's default patience, which RunningDaemon otherwise raises for tests. It starts
        // with no dictionary (and loads that at once); the huge one becomes the user's dictionary
        // afterwards and SIGHUP starts its load, so the F9 below comes while it runs, however long
        // the daemon took to start on a loaded machine.
        let daemon = try await RunningDaemon.start(["--no-system-hanja", "--hanja-load-patience", "100"])
        let converting = try UnixClient(path: daemon.socketPath, timeoutSeconds: 5)
        let other = try UnixClient(path: daemon.socketPath, timeoutSeconds: 5)
        try Self.hello(converting)
        try Self.hello(other)
        try converting.send(Self.key(1, 103) + Self.key(2, 107) + Self.key(3, 115))
        for _ in 1...3 { _ = try converting.readLine() }
        let path = daemon.directory.child("config/hangul/hanja.txt")
        try FileManager.default.createDirectory(
            atPath: daemon.directory.child("config/hangul"), withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        kill(daemon.child.pid, SIGHUP)
        try converting.send(Self.key(4, 0xFFC6))
        // Kept as a sleep: the load running in the daemon shows nowhere a test can poll, and the
        // ping must arrive while it runs, which is the point of the test.
        try await Task.sleep(for: .milliseconds(100))
        let pinged = ContinuousClock.now
        try other.send(#"{"id":1,"method":"ping"}"# + "\n")
        let pong = try? other.readLine()
        #expect(pong == #"{"id":1,"result":{}}"#, "the other session's ping got no reply within 5 seconds")
        // At most the rest of the first key's 100 ms of patience (the old loader: 5.15 s).
        #expect(ContinuousClock.now - pinged < .seconds(4))
        let first = try? converting.readLine()
        #expect(
            first == #"{"id":4,"result":{"handled":false,"commit":"한","preedit":"","mode":"hangul"}}"#,
            "the F9 during the load waited for it")
        // Later the dictionary is there: 한 and F9 open the list (the load takes seconds in a debug build).
        var opened = false
        var id = 10
        let deadline = ContinuousClock.now + .seconds(120)
        while !opened && pong != nil && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(500))
            try converting.send(
                Self.key(id, 103) + Self.key(id + 1, 107) + Self.key(id + 2, 115) + Self.key(id + 3, 0xFFC6))
            for _ in 0..<3 { _ = try converting.readLine() }
            let reply = try converting.readLine() ?? ""
            opened = reply.contains(#""candidates":{"items":[{"value":"韓""#)
            if !opened { _ = try converting.send(Self.key(id + 4, 0xFF1B)); _ = try converting.readLine() }
            id += 5
        }
        #expect(opened, "the dictionary never loaded")
        if pong == nil { kill(daemon.child.pid, SIGKILL) }
        _ = try await daemon.stop()
    }
}
