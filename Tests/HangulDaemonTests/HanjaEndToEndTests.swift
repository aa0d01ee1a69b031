import Foundation
import HangulTestSupport
import Testing

/// Whether Debian's libhangul-data is installed, whose hanja.txt these tests convert with.
private let systemDictionaryPresent =
    FileManager.default.fileExists(atPath: "/usr/share/libhangul/hanja/hanja.txt")
    && FileManager.default.fileExists(atPath: "/usr/share/libhangul/hanja/mssymbol.txt")

/// Hanja conversion through the real `hanguld` and its real dictionaries, loaded on the first hanja
/// key, as a frontend meets it. Under CI a missing libhangul-data fails these rather than skipping.
@Suite(
    .hangGuard,
    .enabled(if: systemDictionaryPresent || ProcessInfo.processInfo.environment["CI"] != nil))
struct HanjaEndToEndTests {
    /// Sends each line and returns the reply lines, in order.
    private func exchange(_ daemon: RunningDaemon, _ lines: [String]) throws -> [String] {
        #expect(systemDictionaryPresent, "libhangul-data is missing: run scripts/setup")
        let client = try UnixClient(path: daemon.socketPath)
        defer { client.close() }
        try client.send(#"{"id":0,"method":"hello","params":{"protocol":1}}"# + "\n")
        _ = try client.readLine()
        var replies: [String] = []
        for line in lines {
            try client.send(line + "\n")
            replies.append(try client.readLine() ?? "")
        }
        return replies
    }

    private func key(_ id: Int, _ keysym: Int) -> String {
        #"{"id":\#(id),"method":"key","params":{"keysym":\#(keysym)}}"#
    }

    @Test func typingHanThenF9Then1CommitsLibhangulsFirstCandidate() async throws {
        let daemon = try await RunningDaemon.start()
        let replies = try exchange(daemon, [key(1, 103), key(2, 107), key(3, 115), key(4, 0xFFC6), key(5, 49)])
        #expect(replies.count == 5)
        #expect(
            replies[3].hasPrefix(
                #"{"id":4,"result":{"handled":true,"commit":"","preedit":"한","mode":"hangul","candidates":{"items":[{"value":"韓","meaning":"#
            ))
        #expect(
            replies[4]
                == #"{"id":5,"result":{"handled":true,"commit":"韓","preedit":"","mode":"hangul","candidates":null}}"#)
        #expect(try await daemon.stop().status == 0)
    }

    @Test func aWordBeforeTheCursorConvertsWhole() async throws {
        let daemon = try await RunningDaemon.start()
        let replies = try exchange(
            daemon,
            [
                #"{"id":1,"method":"set_surrounding_text","params":{"text":"우리 대한민국"}}"#, key(2, 0xFF34),
                #"{"id":3,"method":"select_candidate","params":{"index":0}}"#,
            ])
        #expect(replies[0] == #"{"id":1,"result":{}}"#)
        #expect(replies[1].contains(#""candidates":{"items":[{"value":"大韓民國","meaning":"대한민국"}"#))
        #expect(
            replies[2]
                == #"{"id":3,"result":{"commit":"大韓民國","preedit":"","mode":"hangul","delete_before":4,"candidates":null}}"#
        )
        #expect(try await daemon.stop().status == 0)
    }

    @Test func aLoneJamoConvertsToASymbol() async throws {
        let daemon = try await RunningDaemon.start()
        let replies = try exchange(daemon, [key(1, 97), key(2, 0xFFC6), key(3, 49)])
        #expect(
            replies[1].contains(#""preedit":"ㅁ","mode":"hangul","candidates":{"items":[{"value":"＃","meaning":""}"#))
        #expect(
            replies[2]
                == #"{"id":3,"result":{"handled":true,"commit":"＃","preedit":"","mode":"hangul","candidates":null}}"#)
        #expect(try await daemon.stop().status == 0)
    }

    @Test func withoutAnyDictionaryTheHanjaKeyPassesAsBefore() async throws {
        let daemon = try await RunningDaemon.start(["--no-system-hanja"])
        let replies = try exchange(daemon, [key(1, 103), key(2, 107), key(3, 115), key(4, 0xFFC6)])
        #expect(replies[3] == #"{"id":4,"result":{"handled":false,"commit":"한","preedit":"","mode":"hangul"}}"#)
        #expect(try await daemon.stop().status == 0)
    }
}
