import HangulDaemon
import HangulProtocol
import HangulWrongMode
import Testing

/// A session whose fix keys consult a small word list of its own, opened.
private func session() -> ProtocolSession {
    let words = WordList(["hello", "world", "work"])
    var session = ProtocolSession(decoder: nil, layouts: .builtIn, wrongMode: WrongModeRuleSource(words))
    _ = session.send(#"{"id":0,"method":"hello","params":{"protocol":1}}"#)
    return session
}

private func key(_ id: Int, _ keysym: Int, release: Bool = false) -> String {
    #"{"id":\#(id),"method":"key","params":{"keysym":\#(keysym)\#(release ? #","release":true"# : "")}}"#
}

private func surrounding(_ text: String, selection: String = "") -> String {
    #"{"method":"set_surrounding_text","params":{"text":"\#(text)","selection":"\#(selection)"}}"#
}

private let pause = 0xFF13

/// The session's side of the fix keys (PROTOCOL.md section 9.7); `fix-keys.txt` replays the same
/// rules over the wire with the system word list.
@Suite struct FixKeySessionTests {
    @Test func theFixKeyConvertsTheLatinWordBeforeTheCursorAndSwitchesToHangul() {
        var session = session()
        _ = session.send(#"{"id":1,"method":"set_mode","params":{"mode":"latin"}}"#)
        _ = session.send(surrounding("say dkssud"))
        #expect(
            session.send(key(2, pause))
                == #"{"id":2,"result":{"handled":true,"commit":"안녕","preedit":"","mode":"hangul","delete_before":6}}"#)
        #expect(
            session.send(key(3, pause, release: true))
                == #"{"id":3,"result":{"handled":true,"commit":"","preedit":"","mode":"hangul"}}"#)
    }

    @Test func pressedAgainAtOnceTheFixKeyUndoesTheFixAndTheModeSwitch() {
        var session = session()
        _ = session.send(#"{"id":1,"method":"set_mode","params":{"mode":"latin"}}"#)
        _ = session.send(surrounding("dkssud"))
        _ = session.send(key(2, pause))
        _ = session.send(key(3, pause, release: true))
        _ = session.send(surrounding("안녕"))
        #expect(
            session.send(key(4, pause))
                == #"{"id":4,"result":{"handled":true,"commit":"dkssud","preedit":"","mode":"latin","delete_before":2}}"#
        )
    }

    @Test func anotherKeyBetweenTheTwoPressesKeepsTheFix() {
        var session = session()
        _ = session.send(#"{"id":1,"method":"set_mode","params":{"mode":"latin"}}"#)
        _ = session.send(surrounding("dkssud"))
        _ = session.send(key(2, pause))
        _ = session.send(key(3, 0x20))
        _ = session.send(surrounding("안녕 "))
        // 안녕 is Korean: nothing to fix, and no undo any more.
        #expect(
            session.send(key(4, pause))
                == #"{"id":4,"result":{"handled":true,"commit":"","preedit":"","mode":"hangul"}}"#)
    }

    @Test func aHangulWordThatSpellsAnEnglishWordBecomesItAndTheModeLatin() {
        var session = session()
        // h e l l o in Hangul mode: ㅗ, 디, ㅣ committed as typed, ㅐ still composing.
        for (id, keysym) in [(1, 104), (2, 101), (3, 108), (4, 108), (5, 111)] { _ = session.send(key(id, keysym)) }
        _ = session.send(surrounding("ㅗ디ㅣ"))
        #expect(
            session.send(key(6, pause))
                == #"{"id":6,"result":{"handled":true,"commit":"hello","preedit":"","mode":"latin","delete_before":3}}"#
        )
    }

    @Test func textTheRuleLeavesAloneChangesNothingAndTheKeyIsHandled() {
        var session = session()
        _ = session.send(#"{"id":1,"method":"set_mode","params":{"mode":"latin"}}"#)
        _ = session.send(surrounding("hello world"))
        #expect(
            session.send(key(2, pause))
                == #"{"id":2,"result":{"handled":true,"commit":"","preedit":"","mode":"latin"}}"#)
    }

    @Test func theSelectionIsFixedWhenNothingPrecedesTheCursor() {
        var session = session()
        _ = session.send(#"{"id":1,"method":"set_mode","params":{"mode":"latin"}}"#)
        _ = session.send(surrounding("", selection: "gksrmf"))
        #expect(
            session.send(key(2, pause))
                == #"{"id":2,"result":{"handled":true,"commit":"한글","preedit":"","mode":"hangul"}}"#)
    }

    @Test func spacesAfterTheWordStayAfterIt() {
        var session = session()
        _ = session.send(#"{"id":1,"method":"set_mode","params":{"mode":"latin"}}"#)
        _ = session.send(surrounding("dkssud "))
        #expect(
            session.send(key(2, pause))
                == #"{"id":2,"result":{"handled":true,"commit":"안녕 ","preedit":"","mode":"hangul","delete_before":7}}"#)
    }

    @Test func aPasswordFieldPassesTheFixKey() {
        var session = session()
        _ = session.send(#"{"id":1,"method":"set_content_type","params":{"purpose":"password"}}"#)
        _ = session.send(surrounding("dkssud"))
        #expect(
            session.send(key(2, pause))
                == #"{"id":2,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
    }

    @Test func withoutAWordListTheFixKeyChangesNothing() {
        var session = ProtocolSession(
            decoder: nil, layouts: .builtIn, wrongMode: WrongModeRuleSource(wordListAt: "/nonexistent/words"))
        _ = session.send(#"{"id":0,"method":"hello","params":{"protocol":1}}"#)
        _ = session.send(#"{"id":1,"method":"set_mode","params":{"mode":"latin"}}"#)
        _ = session.send(surrounding("dkssud"))
        #expect(
            session.send(key(2, pause))
                == #"{"id":2,"result":{"handled":true,"commit":"","preedit":"","mode":"latin"}}"#)
    }

    @Test func fixKeysAreAnOptionWrittenLikeHanjaKeys() throws {
        var session = session()
        let sent = session.send(#"{"id":1,"method":"set_options","params":{"fix-keys":["F12"]}}"#)
        let reply = try #require(sent)
        #expect(reply.hasSuffix(#""fix-keys":["F12"],"auto-fix":false}}}"#))
        _ = session.send(#"{"id":2,"method":"set_mode","params":{"mode":"latin"}}"#)
        _ = session.send(surrounding("dkssud"))
        #expect(
            session.send(key(3, pause))
                == #"{"id":3,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
        // Pause, now an ordinary key, made the daemon forget the text; the frontend sends it again.
        _ = session.send(surrounding("dkssud"))
        #expect(
            session.send(key(4, 0xFFC9))
                == #"{"id":4,"result":{"handled":true,"commit":"안녕","preedit":"","mode":"hangul","delete_before":6}}"#)
    }
}
