import Glibc
import HangulTestSupport
import Testing

/// Issue 12's layout-file faults as `hanguld` shows them: names shadowing other layouts' (fault 5)
/// and a FIFO named with `--layout-file` (fault 6).
@Suite struct UserLayoutFaultTests {
    /// Fault 5: `hello` used to list `dubeolsik` under 2 while a user file with that id took it,
    /// and an alias shared by two user files was listed for both. Every name listed now selects
    /// the layout it is listed for; the files that would have broken that are skipped with a warning.
    @Test func helloListsOnlyNamesThatSelectTheirLayout() async throws {
        let homeRow = TestLayoutFiles.homeRow
        let daemon = try await RunningDaemon.start(userLayouts: [
            "a.layout": homeRow.replacingOccurrences(of: "id       home-row", with: "id       dubeolsik"),
            "b.layout": homeRow,
            "c.layout": homeRow.replacingOccurrences(of: "id       home-row", with: "id       other"),
        ])
        let client = try UnixClient(path: daemon.socketPath)
        try client.send(#"{"id":1,"method":"hello","params":{"protocol":1}}"# + "\n")
        let hello = try #require(try client.readLine())
        #expect(hello.contains(#"{"id":"2","aliases":["dubeolsik"],"name":"Dubeolsik","#))
        #expect(
            hello.contains(
                #"{"id":"ahn","aliases":["ahnmatae"],"name":"Ahnmatae","korean_name":"안마태","kind":"jaso","origin":"built-in"},"#
                    + #"{"id":"home-row","aliases":["homerow"],"name":"Home Row","korean_name":"홈 줄","kind":"jaso","origin":"user"}]"#
            ))
        try client.send(#"{"id":2,"method":"set_options","params":{"layout":"dubeolsik"}}"# + "\n")
        #expect(try client.readLine()?.contains(#""options":{"layout":"2","#) == true)
        client.close()
        let outcome = try await daemon.stop()
        #expect(outcome.status == 0)
        #expect(
            outcome.stderr.contains(
                "/a.layout:2: id 'dubeolsik' already names built-in layout 2 (Dubeolsik); write 'id 2' to replace "
                    + "that layout, or choose another id"))
        #expect(
            outcome.stderr.contains(
                "/c.layout:3: alias 'homerow' already names layout home-row in "))
    }

    /// Refused at once, like any broken `--layout-file`: exit status 1 with the reason. A daemon still
    /// running after 10 seconds is killed, and its outcome says so.
    @Test func aFIFOGivenAsALayoutFileStopsTheStartAtOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.child("pipe.layout")
        #expect(mkfifo(fifo, 0o600) == 0)
        let child = try ChildProcess.launch(
            SystemTools.hanguld, ["--socket", directory.child("s/hanguld.sock"), "--layout-file", fifo],
            environment: ["XDG_CONFIG_HOME": directory.child("config")])
        let outcome = try await child.finish(within: 10)
        #expect(outcome.exited, "hanguld blocked on the FIFO and was killed")
        #expect(outcome.status == 1)
        #expect(outcome.stderr.contains("layout file rejected: \(fifo): is a named pipe (FIFO), not a regular file"))
    }
}
