import HangulCore
import HangulKeys
import HangulProtocol
import Testing

@Suite struct RequestParsingTests {
    private func parse(_ line: String) -> IncomingLine { Request.parse(line: Array(line.utf8), layouts: .builtIn) }

    /// The exact reply line an invalid line gets, or a marker for the other outcomes.
    private func reply(_ line: String) -> String {
        switch parse(line) {
        case .invalid(let error): String(decoding: error.replyLine, as: UTF8.self)
        case .invalidNotification(let error): "no reply (\(error.code))"
        case .blank: "blank"
        case .request: "request"
        }
    }

    private func request(_ line: String) -> Request? {
        if case .request(let request) = parse(line) { return request }
        return nil
    }

    // MARK: Every method

    @Test func helloCarriesTheOfferAndTheClient() {
        #expect(
            request(#"{"id":1,"method":"hello","params":{"protocol":1,"client":"ibus"}}"#)
                == Request(id: .integer(1), method: .hello(HelloParams(offeredVersion: 1, client: "ibus"))))
        let future = request(#"{"id":"h","method":"hello","params":{"protocol":9}}"#)
        #expect(future == Request(id: .string("h"), method: .hello(HelloParams(offeredVersion: 9))))
        #expect(HelloParams(offeredVersion: 9).negotiatedVersion == 1)
        #expect(HelloParams(offeredVersion: 0).negotiatedVersion == nil)
    }

    @Test func keyDefaultsAndKeepsOnlyCoreModifierBits() {
        #expect(
            request(#"{"id":2,"method":"key","params":{"keysym":97}}"#)
                == Request(id: .integer(2), method: .key(KeyEvent(keysym: 0x61))))
        let full = request(
            #"{"id":3,"method":"key","params":{"keysym":65288,"keycode":22,"modifiers":1073742021,"release":true}}"#)
        #expect(
            full
                == Request(
                    id: .integer(3),
                    method: .key(
                        KeyEvent(
                            keysym: 0xFF08, keycode: 22, modifiers: [.shift, .control, .mod4, .mod5], isRelease: true))
                ))
        #expect(
            request(#"{"id":4,"method":"key","params":{"keysym":536870911,"keycode":65535,"modifiers":4294967295}}"#)
                == Request(
                    id: .integer(4), method: .key(KeyEvent(keysym: 0x1FFF_FFFF, keycode: 65535, modifiers: .core))))
    }

    @Test func methodsWithoutParamsIgnoreWhatTheyAreGiven() {
        #expect(request(#"{"id":5,"method":"reset"}"#)?.method == .reset)
        #expect(request(#"{"id":6,"method":"cancel","params":{"x":1}}"#)?.method == .cancel)
        #expect(request(#"{"id":7,"method":"get_options","params":null}"#)?.method == .getOptions)
        #expect(request(#"{"id":8,"method":"toggle","params":[]}"#)?.method == .toggle)
        #expect(request(#"{"id":9,"method":"ping"}"#)?.method == .ping)
    }

    @Test func setModeAndSetContentTypeTakeTheirChoice() {
        #expect(request(#"{"id":1,"method":"set_mode","params":{"mode":"latin"}}"#)?.method == .setMode(.latin))
        #expect(
            request(#"{"id":1,"method":"set_content_type","params":{"purpose":"password"}}"#)?.method
                == .setContentType(.password))
    }

    @Test func setOptionsParsesEveryOptionAndCanonicalizes() {
        let line =
            #"{"id":1,"method":"set_options","params":{"layout":"dubeolsik","auto-reorder":true,"#
            + #""combi-on-double-stroke":false,"non-choseong-combi":false,"extended-vowels":true,"output":"jamo","#
            + #""toggle-keys":["SUPER+ctrl+Hangul","F9"],"escape-to-latin":true,"hanja-keys":["Hangul_Hanja","F9"],"#
            + #""commit-unit":"word"}}"#
        let expected: OptionsPatch = [
            .layout: "2", .autoReorder: true, .combiOnDoubleStroke: false, .nonChoseongCombi: false,
            .extendedVowels: true, .output: "jamo",
            .toggleKeys: [
                KeyChord(keysym: .hangul, modifiers: [.control, .mod4]), KeyChord(keysym: Keysym(rawValue: 0xFFC6)),
            ],
            .escapeToLatin: true, .hanjaKeys: [KeyChord(keysym: .hangulHanja), KeyChord(keysym: .f9)],
            .commitUnit: "word",
        ]
        #expect(request(line)?.method == .setOptions(expected))
        #expect(expected[.toggleKeys]?.keys?.map(\.description) == ["Control+Super+Hangul", "F9"])
        #expect(
            request(#"{"id":1,"method":"set_options","params":{"layout":null}}"#)?.method == .setOptions(OptionsPatch())
        )
    }

    @Test func notificationsHaveNoID() {
        #expect(request(#"{"method":"reset"}"#) == Request(id: nil, method: .reset))
        #expect(request(#"{"method":"reset"}"#)?.isNotification == true)
    }

    @Test func blankLinesAreIgnored() {
        #expect(reply("") == "blank")
        #expect(reply(" \t\r") == "blank")
    }

    // MARK: Every error code, as exact reply lines

    @Test func parseErrorsAnswerWithNullID() {
        #expect(
            reply(#"{"id":1"#)
                == #"{"id":null,"error":{"code":-32700,"message":"invalid JSON at byte 7: the line ends inside a value"}}"#
                + "\n")
        let bomb = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(
            reply(bomb)
                == #"{"id":null,"error":{"code":-32700,"message":"invalid JSON at byte 64: arrays and objects nested deeper than 64"}}"#
                + "\n")
        let invalidUTF8 = Request.parse(line: [0x22, 0xED, 0xA0, 0x80, 0x22], layouts: .builtIn)
        #expect(
            invalidUTF8
                == .invalid(ProtocolError(code: .parseError, message: "invalid JSON at byte 1: invalid UTF-8")))
    }

    @Test func invalidRequestsAnswerWithTheIDWhenItWasReadable() {
        #expect(
            reply("[]")
                == #"{"id":null,"error":{"code":-32600,"message":"a request must be a JSON object such as {\"id\":1,\"method\":\"ping\"}, got an array"}}"#
                + "\n")
        #expect(
            reply(#"{"id":true,"method":"ping"}"#)
                == #"{"id":null,"error":{"code":-32600,"message":"id must be an integer or a string, got true; leave id out only for a notification"}}"#
                + "\n")
        #expect(
            reply(#"{"id":"x"}"#)
                == #"{"id":"x","error":{"code":-32600,"message":"method is required: a string such as \"key\""}}"#
                + "\n")
        #expect(
            reply(#"{"method":null}"#)
                == #"{"id":null,"error":{"code":-32600,"message":"method is required: a string such as \"key\""}}"#
                + "\n")
        let longID = String(repeating: "i", count: 257)
        #expect(
            reply(#"{"id":""# + longID + #"","method":"ping"}"#)
                == #"{"id":null,"error":{"code":-32600,"message":"id must be at most 256 bytes, got a string of 257 bytes"}}"#
                + "\n")
        #expect(reply(#"{"id":""# + String(repeating: "i", count: 256) + #"","method":"ping"}"#) == "request")
    }

    @Test func unknownMethodsAreAnsweredUnlessNotifications() {
        #expect(
            reply(#"{"id":1,"method":"commit"}"#)
                == #"{"id":1,"error":{"code":-32601,"message":"unknown method \"commit\"; known: hello, key, reset, cancel, set_options, get_options, set_mode, toggle, set_content_type, ping, status, reload, set_surrounding_text, select_candidate, close_candidates, list_options, set_focus, focused_mode"}}"#
                + "\n")
        #expect(reply(#"{"method":"commit"}"#) == "no reply (-32601)")
    }

    @Test(arguments: [
        (
            #"{"id":1,"method":"key","params":{"keysym":"abc"}}"#,
            #"{"id":1,"error":{"code":-32602,"message":"params.keysym must be an integer keysym, got \"abc\""}}"#
        ),
        (
            #"{"id":1,"method":"key","params":{"keysym":1e400}}"#,
            #"{"id":1,"error":{"code":-32602,"message":"params.keysym must be an integer keysym, got 1e400"}}"#
        ),
        (
            #"{"id":1,"method":"key","params":{"keysym":99999999999999999999}}"#,
            #"{"id":1,"error":{"code":-32602,"message":"params.keysym must be an integer keysym, got 99999999999999999999"}}"#
        ),
        (
            #"{"id":1,"method":"key","params":{"keysym":1"# + String(repeating: "0", count: 40) + "}}",
            #"{"id":1,"error":{"code":-32602,"message":"params.keysym must be an integer keysym, got a number of 41 characters"}}"#
        ),
        (
            #"{"id":1,"method":"key","params":{"keysym":536870912}}"#,
            #"{"id":1,"error":{"code":-32602,"message":"params.keysym must be from 0 to 536870911, got 536870912"}}"#
        ),
        (
            #"{"id":1,"method":"key","params":{"keysym":97,"keycode":7}}"#,
            #"{"id":1,"error":{"code":-32602,"message":"params.keycode must be from 8 to 65535, got 7"}}"#
        ),
        (
            #"{"id":1,"method":"key","params":{"keysym":97,"modifiers":4294967296}}"#,
            #"{"id":1,"error":{"code":-32602,"message":"params.modifiers must be from 0 to 4294967295, got 4294967296"}}"#
        ),
        (
            #"{"id":1,"method":"key","params":{"keysym":97,"release":"yes"}}"#,
            #"{"id":1,"error":{"code":-32602,"message":"params.release must be true or false, got \"yes\""}}"#
        ),
        (
            #"{"id":1,"method":"set_mode","params":{"mode":{}}}"#,
            #"{"id":1,"error":{"code":-32602,"message":"params.mode must be \"hangul\" or \"latin\", got an object"}}"#
        ),
        (
            #"{"id":1,"method":"hello","params":{"protocol":1,"client":""# + String(repeating: "c", count: 257)
                + #""}}"#,
            #"{"id":1,"error":{"code":-32602,"message":"params.client must be at most 256 bytes, got a string of 257 bytes"}}"#
        ),
        (
            #"{"id":1,"method":"ping","params":true}"#,
            #"{"id":1,"error":{"code":-32602,"message":"params must be an object, got true"}}"#
        ),
        (
            #"{"id":1,"method":"set_options","params":{"layout":"2","x":1}}"#,
            #"{"id":1,"error":{"code":-32602,"message":"unknown option \"x\"; known: layout, auto-reorder, combi-on-double-stroke, non-choseong-combi, extended-vowels, output, toggle-keys, escape-to-latin, hanja-keys, commit-unit, hangul-keys, latin-keys, fix-keys, auto-fix"}}"#
        ),
        (
            #"{"id":1,"method":"set_options","params":{"layout":"3x"}}"#,
            #"{"id":1,"error":{"code":-32001,"message":"unknown layout \"3x\"; known: 2, 2y, 32, 39, 3f, 3s, 3y, 3sin-p2, 3sin-1995, ro, ahn"}}"#
        ),
        (
            #"{"id":1,"method":"hello","params":{"protocol":-3}}"#,
            #"{"id":1,"error":{"code":-32002,"message":"protocol version -3 is not supported; this server speaks 1"}}"#
        ),
    ])
    func paramErrorsAreExactLines(line: String, expected: String) {
        #expect(reply(line) == expected + "\n")
    }

    @Test func invalidParamsOfANotificationAreNotAnswered() {
        #expect(reply(#"{"method":"key","params":{"keysym":"a"}}"#) == "no reply (-32602)")
        #expect(reply(#"{"method":"set_options","params":{"layout":"zz"}}"#) == "no reply (-32001)")
    }

    @Test func errorsTheDaemonRaisesAreExactLines() {
        func line(_ error: ProtocolError) -> String { String(decoding: error.replyLine, as: UTF8.self) }
        #expect(
            line(.helloRequired(id: .integer(4)))
                == #"{"id":4,"error":{"code":-32000,"message":"send hello first: a connection starts with {\"id\":1,\"method\":\"hello\",\"params\":{\"protocol\":1}}"}}"#
                + "\n")
        #expect(
            line(.helloRepeated(id: .string("a")))
                == #"{"id":"a","error":{"code":-32000,"message":"hello was already answered on this connection; open a new connection to start over"}}"#
                + "\n")
        #expect(
            reply(#"{"id":9,"method":"set_options","params":{"toggle-keys":["Hangul","space","Hangl"]}}"#)
                == #"{"id":9,"error":{"code":-32602,"message":"params.toggle-keys[2] names no X11 keysym: \"Hangl\"; use a keysym name such as \"Hangul\" or \"space\""}}"#
                + "\n")
        #expect(
            line(.internalError(method: .setOptions, id: .integer(1)))
                == #"{"id":1,"error":{"code":-32603,"message":"internal error in set_options; please report it"}}"#
                + "\n")
        #expect(
            line(.lineTooLong)
                == #"{"id":null,"error":{"code":-32003,"message":"line longer than 65536 bytes (newline included); closing the connection"}}"#
                + "\n")
        #expect(
            line(.tooManyPendingRequests(limit: 1024))
                == #"{"id":null,"error":{"code":-32004,"message":"more than 1024 replies are waiting to be read; closing the connection"}}"#
                + "\n")
        #expect(
            line(.tooManyPendingRequestBytes(limit: 1_048_576))
                == #"{"id":null,"error":{"code":-32004,"message":"more than 1048576 bytes of requests are waiting for their replies to be read; closing the connection"}}"#
                + "\n")
        #expect(
            line(.helloTimeout(seconds: 10))
                == #"{"id":null,"error":{"code":-32006,"message":"no hello within 10 seconds of connecting; closing the connection"}}"#
                + "\n")
        #expect(
            line(.unfinishedLineTimeout(seconds: 10))
                == #"{"id":null,"error":{"code":-32006,"message":"a line was left unfinished for 10 seconds; closing the connection"}}"#
                + "\n")
        #expect(
            line(.tooManySessions(limit: 256))
                == #"{"id":null,"error":{"code":-32005,"message":"the daemon already serves 256 sessions; closing the connection"}}"#
                + "\n")
    }

    @Test func onlyTheBoundErrorsCloseTheConnection() {
        let closing = ProtocolErrorCode.all.filter(\.closesConnection).map(\.rawValue)
        #expect(closing == [-32003, -32004, -32005, -32006])
        #expect(
            ProtocolErrorCode.all.map(\.rawValue) == [
                -32700, -32600, -32601, -32602, -32603, -32000, -32001, -32002, -32003, -32004, -32005, -32006,
            ])
    }
}
