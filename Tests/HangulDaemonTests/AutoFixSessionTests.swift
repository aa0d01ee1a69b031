import HangulDaemon
import HangulProtocol
import HangulWrongMode
import Testing

/// A session with `auto-fix` on and a small word list of its own, opened, in `mode`.
private func session(mode: String = "latin", words: WrongModeRuleSource? = nil) -> ProtocolSession {
    let rule = words ?? WrongModeRuleSource(WordList(["hello", "world", "no"]))
    var session = ProtocolSession(decoder: nil, layouts: .builtIn, wrongMode: rule)
    _ = session.send(#"{"id":0,"method":"hello","params":{"protocol":1}}"#)
    _ = session.send(#"{"id":0,"method":"set_options","params":{"auto-fix":true}}"#)
    _ = session.send(#"{"id":0,"method":"set_mode","params":{"mode":"\#(mode)"}}"#)
    return session
}

private func key(_ id: Int, _ keysym: Int) -> String {
    #"{"id":\#(id),"method":"key","params":{"keysym":\#(keysym)}}"#
}

/// Types ASCII `text` key by key (ids from 100), releases included; returns the last press's reply.
@discardableResult
private func type(_ text: String, into session: inout ProtocolSession) -> String? {
    var last: String?
    for (offset, byte) in text.utf8.enumerated() {
        last = session.send(key(100 + offset, Int(byte)))
        _ = session.send(#"{"id":99,"method":"key","params":{"keysym":\#(byte),"release":true}}"#)
    }
    return last
}

/// Automatic repair (PROTOCOL.md section 9.8); `auto-fix.txt` replays it over the wire with the
/// system word list.
@Suite struct AutoFixSessionTests {
    @Test func aLatinWordThatTypesKoreanIsRepairedWhenASpaceEndsIt() {
        var session = session()
        type("dkssud", into: &session)
        #expect(
            session.send(key(1, 32))
                == #"{"id":1,"result":{"handled":true,"commit":"안녕 ","preedit":"","mode":"hangul","delete_before":6}}"#)
    }

    @Test func typingGoesOnInHangulAfterARepair() {
        var session = session()
        type("dkssud ", into: &session)
        #expect(
            type("gk", into: &session)
                == #"{"id":101,"result":{"handled":true,"commit":"","preedit":"하","mode":"hangul"}}"#)
    }

    @Test func backSpaceRightAfterARepairGivesBackTheWordAsTypedAndTheMode() {
        var session = session()
        type("dkssud ", into: &session)
        #expect(
            session.send(key(1, 0xFF08))
                == #"{"id":1,"result":{"handled":true,"commit":"dkssud ","preedit":"","mode":"latin","delete_before":3}}"#
        )
        // A second BackSpace is the application's again.
        #expect(
            session.send(key(2, 0xFF08))
                == #"{"id":2,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
    }

    @Test func backSpaceAfterAnotherKeyNoLongerUndoes() {
        var session = session()
        type("dkssud ", into: &session)
        _ = session.send(key(1, 0xFF51))  // Left
        #expect(
            session.send(key(2, 0xFF08))
                == #"{"id":2,"result":{"handled":false,"commit":"","preedit":"","mode":"hangul"}}"#)
    }

    @Test func anEnglishWordIsLeftAlone() {
        var session = session()
        type("hello", into: &session)
        #expect(
            session.send(key(1, 44))
                == #"{"id":1,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
    }

    @Test func aHangulWordThatSpellsEnglishIsRepairedWithItsPunctuation() {
        var session = session(mode: "hangul")
        type("hello", into: &session)
        #expect(
            session.send(key(1, 33))
                == #"{"id":1,"result":{"handled":true,"commit":"hello!","preedit":"","mode":"latin","delete_before":3}}"#
        )
    }

    @Test func koreanTypedInHangulModeIsLeftAlone() {
        var session = session(mode: "hangul")
        type("dkssud", into: &session)
        #expect(
            session.send(key(1, 32))
                == #"{"id":1,"result":{"handled":false,"commit":"녕","preedit":"","mode":"hangul"}}"#)
    }

    @Test func aWordEditedWithBackSpaceIsRepairedAsItStands() {
        var session = session()
        type("dkssudx", into: &session)
        _ = session.send(key(1, 0xFF08))  // the application deletes the x
        #expect(
            session.send(key(2, 32))
                == #"{"id":2,"result":{"handled":true,"commit":"안녕 ","preedit":"","mode":"hangul","delete_before":6}}"#)
    }

    @Test func withAutoFixOffNothingIsRepaired() {
        var session = session()
        _ = session.send(#"{"id":0,"method":"set_options","params":{"auto-fix":false}}"#)
        _ = session.send(#"{"id":0,"method":"set_mode","params":{"mode":"latin"}}"#)
        type("dkssud", into: &session)
        #expect(
            session.send(key(1, 32))
                == #"{"id":1,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
    }

    @Test func withoutAWordListNothingIsRepairedAndStatusSaysWhy() throws {
        var session = session(words: WrongModeRuleSource(wordListAt: "/nonexistent/words"))
        type("dkssud", into: &session)
        #expect(
            session.send(key(1, 32))
                == #"{"id":1,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
        let sent = session.send(#"{"id":2,"method":"status"}"#)
        let status = try #require(sent)
        #expect(status.hasSuffix(#""word_list_problem":"/nonexistent/words: No such file or directory"}}"#))
    }

    @Test func statusSaysNothingOfTheWordListWhenItIsThere() throws {
        var session = session()
        let sent = session.send(#"{"id":2,"method":"status"}"#)
        let status = try #require(sent)
        #expect(!status.contains("word_list_problem"))
    }
}
