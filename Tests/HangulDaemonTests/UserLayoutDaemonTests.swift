import Glibc
import HangulTestSupport
import Testing

/// `hanguld` offers the user's layout files beside the built-in ones, and refuses a broken one it
/// was told to load.
@Suite(.hangGuard)
struct UserLayoutDaemonTests {
    static let homeRow = TestLayoutFiles.homeRow

    static let hello = #"{"id":1,"method":"hello","params":{"protocol":1}}"# + "\n"

    @Test func aLayoutInTheUserDirectoryIsListedInHelloAndTypes() async throws {
        let daemon = try await RunningDaemon.start(userLayouts: ["home-row.layout": Self.homeRow])
        let client = try UnixClient(path: daemon.socketPath)
        try client.send(Self.hello)
        let hello = try #require(try client.readLine())
        #expect(
            hello.contains(
                #"{"id":"ahn","aliases":["ahnmatae"],"name":"Ahnmatae","korean_name":"안마태","kind":"jaso","origin":"built-in"},"#
                    + #"{"id":"home-row","aliases":["homerow"],"name":"Home Row","korean_name":"홈 줄","kind":"jaso","origin":"user"}]"#
            ))
        try client.send(#"{"id":2,"method":"set_options","params":{"layout":"home-row"}}"# + "\n")
        #expect(try client.readLine()?.hasPrefix(#"{"id":2,"result":{"commit":"","preedit":"","#) == true)
        for (index, keysym) in [0x61, 0x73, 0x64].enumerated() {
            try client.send(#"{"id":\#(index + 3),"method":"key","params":{"keysym":\#(keysym)}}"# + "\n")
            _ = try client.readLine()
        }
        try client.send(#"{"id":9,"method":"reset"}"# + "\n")
        #expect(try client.readLine() == #"{"id":9,"result":{"commit":"한","preedit":"","mode":"hangul"}}"#)
        client.close()
        #expect(try await daemon.stop().status == 0)
    }

    @Test func anOverrideOfABuiltInIsMarkedAndBecomesTheDefault() async throws {
        let override = Self.homeRow.replacingOccurrences(of: "id       home-row", with: "id       2")
        let daemon = try await RunningDaemon.start(userLayouts: ["2.layout": override])
        let client = try UnixClient(path: daemon.socketPath)
        try client.send(Self.hello)
        let hello = try #require(try client.readLine())
        #expect(
            hello.contains(
                #""layouts":[{"id":"2","aliases":["homerow","dubeolsik"],"name":"Home Row","korean_name":"홈 줄","kind":"jaso","origin":"user-override"},"#
            ))
        try client.send(#"{"id":2,"method":"key","params":{"keysym":97}}"# + "\n")
        #expect(
            try client.readLine() == #"{"id":2,"result":{"handled":true,"commit":"","preedit":"ㅎ","mode":"hangul"}}"#)
        client.close()
        #expect(try await daemon.stop().status == 0)
    }

    @Test func aBrokenFileInTheUserDirectoryIsSkippedWithAWarning() async throws {
        let daemon = try await RunningDaemon.start(userLayouts: [
            "broken.layout": "id broken\nkind jaso\n", "home-row.layout": Self.homeRow,
        ])
        #expect(try daemon.servesAFreshClient())
        let outcome = try await daemon.stop()
        #expect(outcome.status == 0)
        #expect(outcome.stderr.contains("layout file skipped: "))
        #expect(
            outcome.stderr.contains(
                "/config/hangul/layouts/broken.layout: no name line; add one, e.g. 'name My Layout'"))
    }

    @Test func aBrokenLayoutFileOnTheCommandLineStopsTheStart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("id x\nname X\nkind qwerty\n", to: "x.layout")
        let child = try ChildProcess.launch(
            SystemTools.hanguld, ["--socket", directory.child("s/hanguld.sock"), "--layout-file", path],
            environment: ["XDG_CONFIG_HOME": directory.child("config")])
        let outcome = try await child.finish()
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr.contains("layout file rejected: \(path):3: unknown kind 'qwerty'; use jamo, jaso or romaja"))
    }
}

extension UserLayoutDaemonTests {
    @Test func sighupReloadsTheLayoutDirectoryForNewConnections() async throws {
        let daemon = try await RunningDaemon.start()
        let before = try UnixClient(path: daemon.socketPath)
        try before.send(Self.hello)
        #expect(try before.readLine()?.contains(#""id":"home-row""#) == false)

        try daemon.directory.write(Self.homeRow, to: "config/hangul/layouts/home-row.layout")
        kill(daemon.child.pid, SIGHUP)
        let listed = await eventually {
            guard let client = try? UnixClient(path: daemon.socketPath), (try? client.send(Self.hello)) != nil else {
                return false
            }
            return (try? client.readLine())??.contains(#""id":"home-row""#) == true
        }
        #expect(listed)
        // The daemon is still running, and the session opened before the reload goes on as it was.
        try before.send(#"{"id":2,"method":"ping"}"# + "\n")
        #expect(try before.readLine() == #"{"id":2,"result":{}}"#)
        before.close()
        #expect(try await daemon.stop().status == 0)
    }
}
