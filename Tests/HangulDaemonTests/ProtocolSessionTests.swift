import HangulDaemon
import HangulKeys
import HangulProtocol
import HangulTestSupport
import Testing

extension ProtocolSession {
    /// Handles one line of text; returns the reply without its newline, or nil when none came.
    mutating func send(_ line: String) -> String? {
        reply(to: Array(line.utf8)[...]).map { String(decoding: $0.dropLast(), as: UTF8.self) }
    }

    /// A session on which `hello` has succeeded.
    fileprivate static func opened(decoder: KeyDecoder? = nil) -> ProtocolSession {
        var session = ProtocolSession(decoder: decoder, layouts: .builtIn)
        _ = session.send(#"{"id":0,"method":"hello","params":{"protocol":1}}"#)
        return session
    }
}

private let helloRequired =
    #"{"id":1,"error":{"code":-32000,"message":"send hello first: a connection starts with {\"id\":1,\"method\":\"hello\",\"params\":{\"protocol\":1}}"}}"#

@Suite struct ProtocolSessionTests {
    /// Parameters valid for each method, so that only the hello rule can fail.
    private static let validParams: [Request.Method.Name: String] = [
        .key: #"{"keysym":114}"#, .setOptions: #"{"auto-reorder":true}"#, .setMode: #"{"mode":"latin"}"#,
        .setContentType: #"{"purpose":"password"}"#, .setSurroundingText: #"{"text":"대한"}"#,
        .selectCandidate: #"{"index":0}"#, .setFocus: #"{"focused":true}"#,
    ]

    @Test func everyMethodBeforeHelloIsRefused() {
        var session = ProtocolSession(decoder: nil, layouts: .builtIn)
        for method in Request.Method.Name.allCases where method != .hello {
            let params = Self.validParams[method] ?? "{}"
            let reply = session.send(#"{"id":1,"method":"\#(method.rawValue)","params":\#(params)}"#)
            #expect(reply == helloRequired, "\(method.rawValue)")
            #expect(session.lastMethod == method)
            #expect(session.lastErrorCode == .helloOutOfOrder)
        }
        #expect(!session.isOpen)
        #expect(session.options == SessionOptions())
        #expect(session.mode == .hangul)
    }

    @Test func helloOpensTheSessionAndReportsTheConfiguredPendingBound() {
        var session = ProtocolSession(decoder: nil, maxPendingRequests: 7, layouts: .builtIn)
        let reply = session.send(#"{"id":"h","method":"hello","params":{"protocol":3,"client":"test"}}"#)
        #expect(
            reply
                == #"{"id":"h","result":{"protocol":1,"server":{"name":"hanguld","version":"0.1.0"},"mode":"hangul","options":{"layout":"2","auto-reorder":false,"combi-on-double-stroke":false,"non-choseong-combi":true,"extended-vowels":true,"output":"syllables","toggle-keys":["Hangul","Shift+space"],"escape-to-latin":false,"hanja-keys":["Hangul_Hanja","F9"],"commit-unit":"syllable","hangul-keys":[],"latin-keys":[],"fix-keys":["Shift+Hangul","Pause"],"auto-fix":false},"layouts":[{"id":"2","aliases":["dubeolsik"],"name":"Dubeolsik","korean_name":"두벌식","kind":"jamo","origin":"built-in"},{"id":"2y","aliases":["dubeolsik-yetgeul"],"name":"Dubeolsik Yetgeul","korean_name":"두벌식 옛글","kind":"jamo","origin":"built-in"},{"id":"32","aliases":["sebeolsik-dubeolsik"],"name":"Sebeolsik Dubeol Layout","korean_name":"세벌식 두벌자판","kind":"jaso","origin":"built-in"},{"id":"39","aliases":["sebeolsik-390"],"name":"Sebeolsik 390","korean_name":"세벌식 390","kind":"jaso","origin":"built-in"},{"id":"3f","aliases":["sebeolsik-final"],"name":"Sebeolsik Final","korean_name":"세벌식 최종","kind":"jaso","origin":"built-in"},{"id":"3s","aliases":["sebeolsik-noshift"],"name":"Sebeolsik Noshift","korean_name":"세벌식 순아래","kind":"jaso","origin":"built-in"},{"id":"3y","aliases":["sebeolsik-yetgeul"],"name":"Sebeolsik Yetgeul","korean_name":"세벌식 옛글","kind":"jaso","origin":"built-in"},{"id":"3sin-p2","aliases":["sinsebeolsik-p2"],"name":"Sin-sebeolsik P2","korean_name":"신세벌식 P2","kind":"jaso","origin":"built-in"},{"id":"3sin-1995","aliases":["sinsebeolsik-1995"],"name":"Sin-sebeolsik 1995","korean_name":"신세벌식 1995","kind":"jaso","origin":"built-in"},{"id":"ro","aliases":["romaja"],"name":"Romaja","korean_name":"로마자","kind":"romaja","origin":"built-in"},{"id":"ahn","aliases":["ahnmatae"],"name":"Ahnmatae","korean_name":"안마태","kind":"jaso","origin":"built-in"}],"capabilities":{"methods":["hello","key","reset","cancel","set_options","get_options","set_mode","toggle","set_content_type","ping","status","reload","set_surrounding_text","select_candidate","close_candidates","list_options","set_focus","focused_mode"],"max_line_bytes":65536,"max_pending_requests":7}}}"#
        )
        #expect(session.isOpen)
        #expect(session.lastMethod == .hello)
        #expect(session.lastErrorCode == nil)
    }

    @Test func aSecondHelloIsRefusedAndChangesNothing() {
        var session = ProtocolSession.opened()
        _ = session.send(#"{"id":1,"method":"key","params":{"keysym":114}}"#)
        #expect(
            session.send(#"{"id":2,"method":"hello","params":{"protocol":1}}"#)
                == #"{"id":2,"error":{"code":-32000,"message":"hello was already answered on this connection; open a new connection to start over"}}"#
        )
        #expect(
            session.send(#"{"id":3,"method":"key","params":{"keysym":107}}"#)
                == #"{"id":3,"result":{"handled":true,"commit":"","preedit":"가","mode":"hangul"}}"#)
    }

    /// Parameters are checked before the session state (PROTOCOL.md 4.1), so a bad version is -32002
    /// even on an open session, and a refused hello leaves the session unopened.
    @Test func anUnsupportedVersionIsRefusedBeforeTheHelloRule() {
        var session = ProtocolSession(decoder: nil, layouts: .builtIn)
        let unsupported =
            #"{"id":1,"error":{"code":-32002,"message":"protocol version 0 is not supported; this server speaks 1"}}"#
        #expect(session.send(#"{"id":1,"method":"hello","params":{"protocol":0}}"#) == unsupported)
        #expect(!session.isOpen)
        #expect(session.send(#"{"id":1,"method":"ping"}"#) == helloRequired)
        _ = session.send(#"{"id":1,"method":"hello","params":{"protocol":1}}"#)
        #expect(session.send(#"{"id":1,"method":"hello","params":{"protocol":0}}"#) == unsupported)
    }

    @Test func notificationsAreCarriedOutButNeverAnswered() {
        var session = ProtocolSession(decoder: nil, layouts: .builtIn)
        #expect(session.send(#"{"method":"ping"}"#) == nil)
        #expect(session.lastErrorCode == .helloOutOfOrder)
        #expect(session.send(#"{"method":"hello","params":{"protocol":1}}"#) == nil)
        #expect(session.isOpen)
        #expect(session.send(#"{"method":"key","params":{"keysym":114}}"#) == nil)
        #expect(session.send(#"{"method":"key","params":{"keysym":107}}"#) == nil)
        #expect(session.send(#"{"method":"nope"}"#) == nil)
        #expect(session.lastMethod == nil)
        #expect(session.lastErrorCode == .methodNotFound)
        #expect(session.send(#"{"method":"key","params":{}}"#) == nil)
        #expect(session.lastErrorCode == .invalidParams)
        #expect(
            session.send(#"{"id":9,"method":"reset"}"#)
                == #"{"id":9,"result":{"commit":"가","preedit":"","mode":"hangul"}}"#)
    }

    /// Envelope errors are answered even without an id (PROTOCOL.md 4.1, step 2).
    @Test func envelopeErrorsAreAnsweredEvenWithoutAnID() {
        var session = ProtocolSession(decoder: nil, layouts: .builtIn)
        #expect(
            session.send(#"{"method":5}"#)
                == #"{"id":null,"error":{"code":-32600,"message":"method must be a string such as \"key\", got 5"}}"#)
        #expect(session.lastMethod == nil)
        #expect(session.lastErrorCode == .invalidRequest)
    }

    @Test(arguments: ["", " ", "\t\r", "  \r"])
    func blankLinesGetNoReply(line: String) {
        var session = ProtocolSession(decoder: nil, layouts: .builtIn)
        #expect(session.send(line) == nil)
        #expect(session.lastMethod == nil && session.lastErrorCode == nil)
    }

    /// A bad toggle key is a parameter error like any other: the other options in the same request
    /// and the preedit stay as they were.
    @Test func setOptionsWithABadToggleKeyChangesNothing() {
        var session = ProtocolSession.opened()
        _ = session.send(#"{"id":1,"method":"key","params":{"keysym":107}}"#)
        #expect(
            session.send(
                #"{"id":2,"method":"set_options","params":{"auto-reorder":true,"escape-to-latin":true,"toggle-keys":["Alt_R","Hangl"]}}"#
            )
                == #"{"id":2,"error":{"code":-32602,"message":"params.toggle-keys[1] names no X11 keysym: \"Hangl\"; use a keysym name such as \"Hangul\" or \"space\""}}"#
        )
        #expect(session.options == SessionOptions())
        // Still ㅏ composing, and auto-reorder still off: ㄱ after ㅏ does not make 가.
        #expect(
            session.send(#"{"id":3,"method":"key","params":{"keysym":114}}"#)
                == #"{"id":3,"result":{"handled":true,"commit":"ㅏ","preedit":"ㄱ","mode":"hangul"}}"#)
        // Alt_R is not a toggle key; Hangul still is.
        #expect(
            session.send(#"{"id":4,"method":"key","params":{"keysym":65514}}"#)
                == #"{"id":4,"result":{"handled":false,"commit":"","preedit":"ㄱ","mode":"hangul"}}"#)
        #expect(
            session.send(#"{"id":5,"method":"key","params":{"keysym":65329}}"#)
                == #"{"id":5,"result":{"handled":true,"commit":"ㄱ","preedit":"","mode":"latin"}}"#)
    }

    /// An unknown keysym name is a parameter error, which comes before the hello rule (4.1); like
    /// every parameter error it is logged by code alone, since the request never became a method call.
    @Test func aBadToggleKeyBeforeHelloIsAParameterError() {
        var session = ProtocolSession(decoder: nil, layouts: .builtIn)
        #expect(
            session.send(#"{"id":1,"method":"set_options","params":{"toggle-keys":["Hangl"]}}"#)
                == #"{"id":1,"error":{"code":-32602,"message":"params.toggle-keys[0] names no X11 keysym: \"Hangl\"; use a keysym name such as \"Hangul\" or \"space\""}}"#
        )
        #expect(session.lastMethod == nil)
        #expect(session.lastErrorCode == .invalidParams)
    }

    /// PROTOCOL.md 9.3: the keysym name is spelled as xkbcommon spells it, case mattering.
    @Test func toggleKeyNamesAreCaseSensitive() {
        var session = ProtocolSession.opened()
        #expect(
            session.send(#"{"id":1,"method":"set_options","params":{"toggle-keys":["shift+space","hangul"]}}"#)
                == #"{"id":1,"error":{"code":-32602,"message":"params.toggle-keys[1] names no X11 keysym: \"hangul\"; use a keysym name such as \"Hangul\" or \"space\""}}"#
        )
    }

    /// PROTOCOL.md 9.3: replies name a keysym by xkbcommon's first name for it, whatever name was
    /// sent, and the options are read off the session's one context.
    @Test func toggleKeysAreReportedByTheirCanonicalNames() {
        var session = ProtocolSession.opened()
        #expect(
            session.send(#"{"id":1,"method":"set_options","params":{"toggle-keys":["mod1+Page_Up","0xff31"]}}"#)
                == #"{"id":1,"result":{"commit":"","preedit":"","mode":"hangul","options":{"layout":"2","#
                + #""auto-reorder":false,"combi-on-double-stroke":false,"non-choseong-combi":true,"#
                + #""extended-vowels":true,"output":"syllables","toggle-keys":["Alt+Prior","Hangul"],"#
                + #""escape-to-latin":false,"hanja-keys":["Hangul_Hanja","F9"],"commit-unit":"syllable","hangul-keys":[],"latin-keys":[],"fix-keys":["Shift+Hangul","Pause"],"auto-fix":false}}}"#
        )
        #expect(session.options.keys(.toggleKeys).map(\.notation) == ["Alt+Prior", "Hangul"])
    }

    @Test func setOptionsAppliesEveryOptionToTheKeys() {
        var session = ProtocolSession.opened()
        _ = session.send(
            #"{"id":1,"method":"set_options","params":{"layout":"dubeolsik","combi-on-double-stroke":true,"output":"jamo","toggle-keys":["Super+a"],"escape-to-latin":true}}"#
        )
        #expect(session.options.flag(.combiOnDoubleStroke))
        #expect(
            session.send(#"{"id":2,"method":"key","params":{"keysym":114}}"#)
                == #"{"id":2,"result":{"handled":true,"commit":"","preedit":"ᄀᅠ","mode":"hangul"}}"#)
        #expect(
            session.send(#"{"id":3,"method":"key","params":{"keysym":114}}"#)
                == #"{"id":3,"result":{"handled":true,"commit":"","preedit":"ᄁᅠ","mode":"hangul"}}"#)
        // Super+A with CapsLock is the toggle key Super+a.
        #expect(
            session.send(#"{"id":4,"method":"key","params":{"keysym":65,"modifiers":66}}"#)
                == #"{"id":4,"result":{"handled":true,"commit":"ᄁᅠ","preedit":"","mode":"latin"}}"#)
        _ = session.send(#"{"id":5,"method":"set_mode","params":{"mode":"hangul"}}"#)
        #expect(
            session.send(#"{"id":6,"method":"key","params":{"keysym":65307}}"#)
                == #"{"id":6,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
    }

    @Test func aPasswordFieldReportsLatinWhateverTheMode() {
        var session = ProtocolSession.opened()
        _ = session.send(#"{"id":1,"method":"key","params":{"keysym":114}}"#)
        #expect(
            session.send(#"{"id":2,"method":"set_content_type","params":{"purpose":"password"}}"#)
                == #"{"id":2,"result":{"commit":"ㄱ","preedit":"","mode":"latin"}}"#)
        #expect(session.mode == .latin)
        #expect(
            session.send(#"{"id":3,"method":"key","params":{"keysym":65329}}"#)
                == #"{"id":3,"result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"#)
        #expect(
            session.send(#"{"id":4,"method":"set_mode","params":{"mode":"hangul"}}"#)
                == #"{"id":4,"result":{"commit":"","preedit":"","mode":"latin"}}"#)
        #expect(
            session.send(#"{"id":5,"method":"set_content_type","params":{"purpose":"normal"}}"#)
                == #"{"id":5,"result":{"commit":"","preedit":"","mode":"hangul"}}"#)
    }

    @Test func resetCommitsAndCancelDrops() {
        var session = ProtocolSession.opened()
        _ = session.send(#"{"id":1,"method":"key","params":{"keysym":114}}"#)
        #expect(
            session.send(#"{"id":2,"method":"cancel"}"#)
                == #"{"id":2,"result":{"commit":"","preedit":"","mode":"hangul"}}"#)
        _ = session.send(#"{"id":3,"method":"key","params":{"keysym":107}}"#)
        #expect(
            session.send(#"{"id":4,"method":"reset"}"#)
                == #"{"id":4,"result":{"commit":"ㅏ","preedit":"","mode":"hangul"}}"#)
    }

    /// Nothing the user typed may reach a log through the session's descriptions.
    @Test func descriptionsShowNoTypedText() {
        var session = ProtocolSession.opened()
        _ = session.send(#"{"id":1,"method":"key","params":{"keysym":114}}"#)
        #expect(session.description == "ProtocolSession(open, hangul, layout 2)")
        #expect(String(reflecting: session) == "ProtocolSession(open, hangul, layout 2)")
        var dumped = ""
        dump(session, to: &dumped)
        #expect(!dumped.contains("ㄱ"))
        #expect(dumped.contains("isOpen: true"))
    }

    @Test func aKeycodeWithoutADecoderFallsBackToTheKeysym() {
        var session = ProtocolSession.opened(decoder: nil)
        #expect(
            session.send(#"{"id":1,"method":"key","params":{"keysym":122,"keycode":29}}"#)
                == #"{"id":1,"result":{"handled":true,"commit":"","preedit":"ㅋ","mode":"hangul"}}"#)
    }
}

/// The same session with the daemon's US decoder, as a German frontend drives it.
@Suite(.enabled(if: TestKeymaps.shouldRun, "needs the Debian package xkb-data"))
struct ProtocolSessionDecoderTests {
    /// German's key at keycode 29 types z; the US keymap has y there, which is ㅛ on dubeolsik.
    @Test func germanZKeyTypesYoThroughItsKeycode() throws {
        let decoder = try TestKeymaps.decoder.get()
        let german = try Keymap(KeymapNames(layout: "de"))
        let keysym = try #require(german.keysym(keycode: 29))
        #expect(keysym.rawValue == 0x7A)
        var session = ProtocolSession.opened(decoder: decoder)
        #expect(
            session.send(#"{"id":1,"method":"key","params":{"keysym":\#(keysym.rawValue),"keycode":29}}"#)
                == #"{"id":1,"result":{"handled":true,"commit":"","preedit":"ㅛ","mode":"hangul"}}"#)
        #expect(
            session.send(
                #"{"id":2,"method":"key","params":{"keysym":\#(keysym.rawValue),"keycode":29,"release":true}}"#)
                == #"{"id":2,"result":{"handled":true,"commit":"","preedit":"ㅛ","mode":"hangul"}}"#)
    }
}
