import HangulTestSupport
import Testing

/// Word-commit mode through the real `hanguld` (issue 14, "Done when"): the settings file's
/// `commit-unit` serves sessions that never send `set_options`, and a reload changes it only
/// between words.
@Suite(.hangGuard)
struct WordModeDaemonTests {
    static func options(_ unit: String) -> String {
        #""options":{"layout":"2","auto-reorder":false,"combi-on-double-stroke":false,"non-choseong-combi":true,"#
            + #""extended-vowels":true,"output":"syllables","toggle-keys":["Hangul","Shift+space"],"#
            + #""escape-to-latin":false,"hanja-keys":["Hangul_Hanja","F9"],"commit-unit":"\#(unit)","hangul-keys":[],"latin-keys":[],"fix-keys":["Shift+Hangul","Pause"],"auto-fix":false}"#
    }

    static func key(_ id: Int, _ preedit: String, commit: String = "", handled: Bool = true) -> String {
        #"{"id":\#(id),"result":{"handled":\#(handled),"commit":"\#(commit)","preedit":"\#(preedit)","mode":"hangul"}}"#
    }

    @Test func aSessionOfAWordModeFileHoldsTheWordUntilTheSpace() async throws {
        let daemon = try await RunningDaemon.start(configFile: "commit-unit = \"word\"\n")
        let (client, hello) = try SettingsDaemonTests.open(daemon)
        #expect(hello.contains(Self.options("word")))
        #expect(
            try SettingsDaemonTests.type("gksrmf ", on: client) == [
                Self.key(10, "ㅎ"), Self.key(11, "하"), Self.key(12, "한"), Self.key(13, "한ㄱ"), Self.key(14, "한그"),
                Self.key(15, "한글"), Self.key(16, "", commit: "한글", handled: false),
            ])
        client.close()
        let outcome = try await daemon.stop()
        #expect(outcome.status == 0)
        #expect(!outcome.stderr.contains("commit-unit"))
    }

    @Test func aReloadChangesTheUnitOnlyBetweenWords() async throws {
        let daemon = try await RunningDaemon.start(configFile: "commit-unit = \"word\"\n")
        let (client, _) = try SettingsDaemonTests.open(daemon)
        let (own, _) = try SettingsDaemonTests.open(daemon)
        try own.send(#"{"id":2,"method":"set_options","params":{"commit-unit":"word"}}"# + "\n")
        _ = try own.readLine()
        _ = try SettingsDaemonTests.type("gksr", on: client)  // 한ㄱ, a word being typed
        try daemon.directory.write("commit-unit = \"syllable\"\n", to: "config/hangul/config.toml")
        #expect(
            await eventually {
                (try? SettingsDaemonTests.open(daemon).1.contains(Self.options("syllable"))) == true
            })
        // The word goes on in word mode; the space ends it, and its reply says the unit changed.
        #expect(try SettingsDaemonTests.type("m", on: client, firstID: 20) == [Self.key(20, "한그")])
        #expect(
            try SettingsDaemonTests.type(" ", on: client, firstID: 21) == [
                #"{"id":21,"result":{"handled":false,"commit":"한그","preedit":"","mode":"hangul","#
                    + Self.options("syllable") + "}}"
            ])
        #expect(
            try SettingsDaemonTests.type("gksr", on: client, firstID: 30).last
                == Self.key(33, "ㄱ", commit: "한"))
        // The session that chose word mode itself keeps it.
        #expect(try SettingsDaemonTests.type("gksr", on: own, firstID: 40).last == Self.key(43, "한ㄱ"))
        client.close()
        own.close()
        #expect(try await daemon.stop().status == 0)
    }
}
