import HangulDaemon
import HangulKeys
import HangulProtocol
import Testing

/// `set_focus`, `focused_mode` and `mode-scope` across sessions sharing the daemon's focus board
/// (issue 27, items 3 and 4).
@Suite struct FocusTests {
    private static let hello = #"{"id":0,"method":"hello","params":{"protocol":1}}"#

    private static func session(_ board: FocusBoard, scope: String = "global") -> ProtocolSession {
        let store = SettingsStore(ConfiguredSettings(options: [.modeScope: .word(scope)]))
        var session = ProtocolSession(decoder: nil, layouts: .builtIn, settings: store, focus: board)
        _ = ProtocolSessionSettingsTests.send(hello, to: &session)
        return session
    }

    private static func send(_ line: String, _ session: inout ProtocolSession) -> String {
        ProtocolSessionSettingsTests.send(line, to: &session) ?? ""
    }

    private static func focus(_ field: String, app: String = "gedit") -> String {
        #"{"id":1,"method":"set_focus","params":{"focused":true,"application":""# + app + #"","field":""# + field
            + #""}}"#
    }

    @Test func anotherConnectionSetsTheFocusedFieldsModeAtItsNextKey() {
        let board = FocusBoard()
        var field = Self.session(board)
        var control = Self.session(board)
        #expect(Self.send(#"{"id":1,"method":"focused_mode"}"#, &control) == #"{"id":1,"result":{"focused":false}}"#)
        _ = Self.send(Self.focus("1"), &field)
        #expect(
            Self.send(#"{"id":2,"method":"focused_mode","params":{"mode":"latin"}}"#, &control)
                == #"{"id":2,"result":{"focused":true,"mode":"latin"}}"#)
        #expect(
            Self.send(#"{"id":3,"method":"key","params":{"keysym":114}}"#, &field)
                == #"{"id":3,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
        #expect(
            Self.send(#"{"id":4,"method":"focused_mode"}"#, &control)
                == #"{"id":4,"result":{"focused":true,"mode":"latin"}}"#)
    }

    /// A posted mode waits for the syllable: the field keeps composing in Hangul, and takes Latin
    /// with the key that ends the syllable, whose reply says so.
    @Test func aModePostedMidSyllableIsTakenWhenTheSyllableEnds() {
        let board = FocusBoard()
        var field = Self.session(board)
        var control = Self.session(board)
        _ = Self.send(Self.focus("1"), &field)
        _ = Self.send(#"{"id":2,"method":"key","params":{"keysym":114}}"#, &field)
        _ = Self.send(#"{"id":3,"method":"focused_mode","params":{"mode":"latin"}}"#, &control)
        #expect(
            Self.send(#"{"id":4,"method":"key","params":{"keysym":107}}"#, &field)
                == #"{"id":4,"result":{"handled":true,"commit":"","preedit":"가","mode":"hangul"}}"#)
        #expect(
            Self.send(#"{"id":5,"method":"key","params":{"keysym":32}}"#, &field)
                == #"{"id":5,"result":{"handled":false,"commit":"가","preedit":"","mode":"latin"}}"#)
        #expect(
            Self.send(#"{"id":6,"method":"key","params":{"keysym":114}}"#, &field)
                == #"{"id":6,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
    }

    @Test func aClosedSessionNoLongerHasTheFocus() {
        let board = FocusBoard()
        var control = Self.session(board)
        do {
            var field = Self.session(board)
            _ = Self.send(Self.focus("1"), &field)
            #expect(Self.send(#"{"id":1,"method":"focused_mode"}"#, &control).contains(#""focused":true"#))
        }
        #expect(Self.send(#"{"id":2,"method":"focused_mode"}"#, &control) == #"{"id":2,"result":{"focused":false}}"#)
    }

    @Test(arguments: [
        ("global", "gedit", "latin"), ("application", "gedit", "latin"), ("application", "kate", "hangul"),
        ("field", "gedit", "hangul"),
    ])
    func aFieldThatGainsTheFocusTakesTheModeItsScopeKeeps(scope: String, secondApp: String, expected: String) {
        let board = FocusBoard()
        var first = Self.session(board, scope: scope)
        var second = Self.session(board, scope: scope)
        _ = Self.send(Self.focus("1"), &first)
        _ = Self.send(#"{"id":2,"method":"toggle"}"#, &first)
        _ = Self.send(#"{"id":3,"method":"set_focus","params":{"focused":false}}"#, &first)
        #expect(
            Self.send(Self.focus("2", app: secondApp), &second)
                == #"{"id":1,"result":{"commit":"","preedit":"","mode":""# + expected + #""}}"#)
    }
}
