import Foundation
import Glibc
import HangulTestSupport
import Testing

/// Issue 23, fault 10: the daemon wrote reply lines over the protocol's own bound of 65536 bytes
/// with the newline (PROTOCOL.md sections 3 and 10): `hello` with 400 user layouts (70 KB) or one
/// layout with 2,500 aliases, and candidate pages of up to 216 KB. The fcitx5 addon then took the
/// daemon for broken and every key reached the application as Latin. Every reply now fits.
@Suite(.hangGuard)
struct ReplyBoundTests {
    /// The longest reply line a daemon may write, without its newline.
    static let longestLine = 65_535

    private static func key(_ id: Int, _ keysym: Int) -> String {
        #"{"id":\#(id),"method":"key","params":{"keysym":\#(keysym)}}"# + "\n"
    }

    /// A user layout file: the home-row layout under another id, with `aliases` more names.
    static func layout(id: String, aliases: Int = 0) -> String {
        var text = TestLayoutFiles.homeRow.replacingOccurrences(of: "id       home-row", with: "id       \(id)")
            .replacingOccurrences(of: "alias    homerow\n", with: "")
        for index in 0..<aliases { text += "\nalias \(id.prefix(27))-\(index)" }
        return text + "\n"
    }

    /// Opens a session on `daemon`; returns the client and hello's reply line.
    private static func hello(_ daemon: RunningDaemon) throws -> (UnixClient, [UInt8]) {
        let client = try UnixClient(path: daemon.socketPath, timeoutSeconds: 10)
        try client.send(#"{"id":0,"method":"hello","params":{"protocol":1}}"# + "\n")
        return (client, try #require(try client.readLineBytes()))
    }

    /// 400 user layouts: hello listed them all in one line of about 70 KB. A layout set whose
    /// `hello` would not fit is cut at load time: the layouts that fit are offered, each one left
    /// out is named in the log, and hello fits.
    @Test func helloFitsTheLineBoundWith400UserLayouts() async throws {
        var files: [String: String] = [:]
        for index in 0..<400 {
            let id = "user-layout-number-\(String(index + 1000))-abcdefgh"
            files["\(id).layout"] = Self.layout(id: id, aliases: 2)
        }
        let daemon = try await RunningDaemon.start(userLayouts: files)
        let (client, line) = try Self.hello(daemon)
        defer { client.close() }
        #expect(line.count <= Self.longestLine, "hello is \(line.count) bytes")
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasPrefix(#"{"id":0,"result":{"protocol":1,"#))
        #expect(text.contains(#""id":"user-layout-number-1000-abcdefgh""#), "the first user layouts are still offered")
        #expect(!text.contains(#""id":"user-layout-number-1399-abcdefgh""#))
        // The session still works, on a user layout that was kept.
        try client.send(
            #"{"id":1,"method":"set_options","params":{"layout":"user-layout-number-1000-abcdefgh"}}"# + "\n")
        #expect(try client.readLine()?.hasPrefix(#"{"id":1,"result":{"commit":"","#) == true)
        let outcome = try await daemon.stop()
        #expect(
            outcome.stderr.contains(
                "user-layout-number-1399-abcdefgh.layout: left out: the layouts before it already fill hello's list "
                    + "(49152 bytes at most, so that every reply fits the protocol's 65536-byte line); "
                    + "remove layout files you do not use"),
            "\(outcome.stderr.suffix(600))")
    }

    /// One layout with 2,500 aliases: refused when read, with the reason; hello fits.
    @Test func aLayoutWithThousandsOfAliasesIsRefused() async throws {
        let daemon = try await RunningDaemon.start(userLayouts: ["many.layout": Self.layout(id: "many", aliases: 2500)])
        let (client, line) = try Self.hello(daemon)
        client.close()
        #expect(line.count <= Self.longestLine, "hello is \(line.count) bytes")
        #expect(!String(decoding: line, as: UTF8.self).contains(#""id":"many""#))
        let outcome = try await daemon.stop()
        #expect(
            outcome.stderr.contains(
                "many.layout:31: a layout has at most 16 aliases; keep the names you use"),
            "\(outcome.stderr.suffix(600))")
    }

    /// Twenty candidates of 4,000 `"` each, 8,000 bytes each once escaped: nine made a 72 KB page.
    /// Pages are now cut by bytes as well as by count; every page's reply fits, the pages follow
    /// each other without gap or overlap, and a digit picks the candidate shown at its place.
    @Test func candidatePagesFitTheLineBound() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var text = ""
        for index in 0..<20 { text += "가:\(index)" + String(repeating: "\"", count: 4000) + ":\n" }
        let path = try directory.write(text, to: "quotes.txt")
        let daemon = try await RunningDaemon.start(["--no-system-hanja", "--hanja-file", path])
        let (client, _) = try Self.hello(daemon)
        defer { client.close() }
        try client.send(Self.key(1, 114) + Self.key(2, 107))
        _ = try client.readLine()
        _ = try client.readLine()
        var seen: [Int] = []
        var id = 3
        var request = Self.key(id, 0xFFC6)
        var lastStart = -1
        var lastPage: (start: Int, count: Int) = (0, 0)
        for _ in 0..<20 {
            try client.send(request)
            let line = try #require(try client.readLineBytes())
            #expect(line.count <= Self.longestLine, "a reply of \(line.count) bytes")
            let reply = try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
            let result = try #require(reply["result"] as? [String: Any])
            let list = try #require(result["candidates"] as? [String: Any])
            let items = try #require(list["items"] as? [[String: Any]])
            let start = try #require(list["start"] as? Int)
            let highlight = try #require(list["highlight"] as? Int)
            #expect(!items.isEmpty && items.count < 9)
            #expect(list["total"] as? Int == 20)
            #expect((start..<start + items.count).contains(highlight))
            let numbers = items.compactMap { ($0["value"] as? String)?.prefix { $0.isNumber } }.compactMap { Int($0) }
            #expect(numbers == Array(start..<start + items.count))
            if start != lastStart { seen += numbers }
            lastStart = start
            lastPage = (start, items.count)
            if highlight == 19 { break }
            id += 1
            request = Self.key(id, 0xFF54)  // Down
        }
        #expect(seen == Array(0..<20))
        #expect(lastPage.count >= 2)
        // The last page is shown: its second candidate is picked by 2.
        id += 1
        try client.send(Self.key(id, 0x32))
        let picked = try #require(try client.readLine())
        #expect(picked.hasPrefix(#"{"id":\#(id),"result":{"handled":true,"commit":"\#(lastPage.start + 1)\""#))
        #expect(picked.contains(#"candidates":null"#))
        _ = try await daemon.stop()
    }
}
