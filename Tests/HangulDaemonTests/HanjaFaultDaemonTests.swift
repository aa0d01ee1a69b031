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
        try await Task.sleep(for: .milliseconds(200))
        let sent = ContinuousClock.now
        try other.send(#"{"id":1,"method":"ping"}"# + "\n")
        let pong = try? other.readLine()
        #expect(pong == #"{"id":1,"result":{}}"#, "the other session's ping got no reply within 5 seconds")
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
}
