import HangulDaemon
import HangulHanja
import HangulProtocol
import Testing

/// A session with the conformance transcripts' small dictionary, opened.
private func session() -> ProtocolSession {
    var session = ProtocolSession(decoder: nil, layouts: .builtIn, hanja: TranscriptConnection.conformanceHanja)
    _ = session.send(#"{"id":0,"method":"hello","params":{"protocol":1}}"#)
    return session
}

private func key(_ id: Int, _ keysym: Int) -> String {
    #"{"id":\#(id),"method":"key","params":{"keysym":\#(keysym)}}"#
}

/// The session's side of hanja conversion (PROTOCOL.md sections 5 and 9.5); `hanja.txt` replays
/// the same rules over the wire.
@Suite struct HanjaSessionTests {
    @Test func withoutAHanjaKeyTheRepliesAreThoseOfBefore() {
        var session = session()
        #expect(
            session.send(key(1, 103))
                == #"{"id":1,"result":{"handled":true,"commit":"","preedit":"ㅎ","mode":"hangul"}}"#)
        #expect(
            session.send(#"{"id":2,"method":"reset"}"#)
                == #"{"id":2,"result":{"commit":"ㅎ","preedit":"","mode":"hangul"}}"#)
        #expect(
            session.send(#"{"id":3,"method":"close_candidates"}"#)
                == #"{"id":3,"result":{"commit":"","preedit":"","mode":"hangul"}}"#)
    }

    @Test func resetWithAListOpenCommitsThePreeditAndClosesTheListOnce() {
        var session = session()
        for (id, keysym) in [(1, 103), (2, 107), (3, 115), (4, 0xFFC6)] { _ = session.send(key(id, keysym)) }
        #expect(
            session.send(#"{"id":5,"method":"reset"}"#)
                == #"{"id":5,"result":{"commit":"한","preedit":"","mode":"hangul","candidates":null}}"#)
        #expect(
            session.send(#"{"id":6,"method":"reset"}"#)
                == #"{"id":6,"result":{"commit":"","preedit":"","mode":"hangul"}}"#)
    }

    @Test func setOptionsClosesTheListAndSaysSoAfterTheOptions() throws {
        var session = session()
        for (id, keysym) in [(1, 103), (2, 107), (3, 115), (4, 0xFFC6)] { _ = session.send(key(id, keysym)) }
        let sent = session.send(#"{"id":5,"method":"set_options","params":{}}"#)
        let reply = try #require(sent)
        #expect(reply.hasPrefix(#"{"id":5,"result":{"commit":"한","preedit":"","mode":"hangul","options":{"#))
        #expect(
            reply.hasSuffix(
                #""hanja-keys":["Hangul_Hanja","F9"],"commit-unit":"syllable","hangul-keys":[],"latin-keys":[],"fix-keys":["Shift+Hangul","Pause"],"auto-fix":false},"candidates":null}}"#
            ))
    }

    @Test func thePasswordFieldClosesTheListAndPassesTheHanjaKey() {
        var session = session()
        for (id, keysym) in [(1, 103), (2, 107), (3, 115), (4, 0xFFC6)] { _ = session.send(key(id, keysym)) }
        #expect(
            session.send(#"{"id":5,"method":"set_content_type","params":{"purpose":"password"}}"#)
                == #"{"id":5,"result":{"commit":"한","preedit":"","mode":"latin","candidates":null}}"#)
        #expect(
            session.send(key(6, 0xFFC6))
                == #"{"id":6,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
    }

    /// Issue 23, fault 2: a reload while a list opened from the text before the cursor was showing
    /// closed it without saying so (the preedit is empty there), and the next digit typed a jamo
    /// into a new preedit. An open list is not a syllable boundary: the digit picks, as without the
    /// reload, and the reload is followed after the pick.
    @Test func aReloadWaitsUntilAListOpenedFromTheTextBeforeTheCursorCloses() throws {
        let store = SettingsStore()
        var reloaded = ProtocolSession(
            decoder: nil, layouts: .builtIn, settings: store, hanja: TranscriptConnection.conformanceHanja)
        var steady = session()
        _ = reloaded.send(#"{"id":0,"method":"hello","params":{"protocol":1}}"#)
        _ = reloaded.send(#"{"id":1,"method":"set_surrounding_text","params":{"text":"우리 한"}}"#)
        _ = steady.send(#"{"id":1,"method":"set_surrounding_text","params":{"text":"우리 한"}}"#)
        let openedAfterReload = reloaded.send(key(2, 0xFFC6))
        let opened = try #require(openedAfterReload)
        #expect(opened == steady.send(key(2, 0xFFC6)))
        #expect(opened.contains(#""candidates":{"#))
        store.replace(with: ConfiguredSettings(options: [.layout: "3f"]))
        let pickedAfterReload = reloaded.send(key(3, 0x31))
        let pickedSteadily = steady.send(key(3, 0x31))
        let picked = try #require(pickedAfterReload)
        let expected = try #require(pickedSteadily)
        #expect(picked.replacing(/,"options":\{[^}]*\}/, with: "") == expected)
        #expect(picked.contains(#""candidates":null"#) && !picked.contains("ㅎ"))
        #expect(picked.contains(#""options":{"layout":"3f""#))
    }

    @Test func theSurroundingTextNeverShowsInTheSessionsDescriptions() {
        var session = session()
        _ = session.send(#"{"id":1,"method":"set_surrounding_text","params":{"text":"비밀번호","selection":"암호"}}"#)
        var dumped = ""
        dump(session, to: &dumped)
        #expect(!dumped.contains("비밀번호") && !dumped.contains("암호"))
        #expect(String(reflecting: session) == "ProtocolSession(open, hangul, layout 2)")
    }

    @Test func surroundingTextOverItsBoundIsRefusedByItsSizeOnly() {
        var session = session()
        let text = String(repeating: "가", count: 1366)
        #expect(
            session.send(#"{"id":1,"method":"set_surrounding_text","params":{"text":"\#(text)"}}"#)
                == #"{"id":1,"error":{"code":-32602,"message":"params.text must have at most 4096 bytes, got 4098; send the text nearest the cursor"}}"#
        )
    }
}
