import HangulCore
import HangulKeys
import PropertyBased
import Testing

@testable import HangulProtocol

/// HangulProtocol speaks both directions: what it writes, it reads back as the same value. For
/// requests that is the client's line read by the daemon's parser; for replies, the daemon's line
/// read by the client's reader.
@Suite struct RoundTripTests {
    /// The line without its newline, as the daemon's framer hands it to the parser.
    private func parse(_ request: Request) -> IncomingLine {
        Request.parse(line: Array(request.line.dropLast()), layouts: .builtIn)
    }

    @Test(arguments: Request.Method.Name.allCases)
    func everyMethodsRequestsReadBackAsWritten(method: Request.Method.Name) async {
        await propertyCheck(count: 300, input: RequestGenerator.requests(method)) { request in
            #expect(request.line.last == UInt8(ascii: "\n"))
            #expect(!request.line.dropLast().contains(UInt8(ascii: "\n")))
            #expect(parse(request) == .request(request))
        }
    }

    /// Every `key` request the client writes with an integer id takes the daemon's fast path.
    @Test func keyRequestsAreWrittenInTheFastPathsShape() async {
        await propertyCheck(count: 1000, input: RequestGenerator.requests(.key)) { request in
            guard case .integer(let id) = request.id, id >= 0, id <= 999_999_999_999_999_999 else { return }
            let fast = Array(request.line.dropLast()).withUnsafeBytes { Request.parseCanonicalKey($0) }
            #expect(fast == request)
        }
    }

    @Test func requestLinesAreExact() {
        let key = Request(
            id: .integer(7),
            method: .key(KeyEvent(keysym: Keysym(rawValue: 115), keycode: 39, modifiers: [.shift, .mod2])))
        #expect(
            String(decoding: key.line, as: UTF8.self)
                == #"{"id":7,"method":"key","params":{"keysym":115,"keycode":39,"modifiers":17}}"# + "\n")
        let release = Request(
            id: .string("k\"1"),
            method: .key(KeyEvent(keysym: .hangul, modifiers: ModifierMask(rawValue: 0x4000_0001), isRelease: true)))
        #expect(
            String(decoding: release.line, as: UTF8.self)
                == #"{"id":"k\"1","method":"key","params":{"keysym":65329,"modifiers":1,"release":true}}"# + "\n")
        #expect(String(decoding: Request(id: nil, method: .reset).line, as: UTF8.self) == #"{"method":"reset"}"# + "\n")
        #expect(
            String(
                decoding: Request(id: .integer(1), method: .hello(HelloParams(offeredVersion: 1))).line, as: UTF8.self)
                == #"{"id":1,"method":"hello","params":{"protocol":1}}"# + "\n")
        let patch: OptionsPatch = [
            .layout: "3f", .extendedVowels: false, .autoReorder: true, .output: "jamo",
            .toggleKeys: [KeyChord(keysym: .space, modifiers: [.mod5, .control])], .escapeToLatin: true,
        ]
        #expect(
            String(decoding: Request(id: .integer(2), method: .setOptions(patch)).line, as: UTF8.self)
                == #"{"id":2,"method":"set_options","params":{"layout":"3f","auto-reorder":true,"#
                + #""extended-vowels":false,"output":"jamo","toggle-keys":["Control+AltGr+space"],"#
                + #""escape-to-latin":true}}"# + "\n")
        #expect(
            String(decoding: Request(id: .integer(3), method: .setContentType(.password)).line, as: UTF8.self)
                == #"{"id":3,"method":"set_content_type","params":{"purpose":"password"}}"# + "\n")
    }

    /// An alias reads back as the layout's id, and a keysym with several names as its first name:
    /// the two canonicalizations the daemon applies to what it is sent.
    @Test func aliasesAndKeysymNamesReadBackCanonical() {
        let sent = Request(
            id: .integer(1),
            method: .setOptions(
                [.layout: "sebeolsik-final", .toggleKeys: [KeyChord(keysym: Keysym(rawValue: 0xFF55))]]))
        #expect(
            parse(sent)
                == .request(
                    Request(
                        id: .integer(1),
                        method: .setOptions(
                            [.layout: "3f", .toggleKeys: [KeyChord(keysym: Keysym(rawValue: 0xFF55))]]))))
        #expect(KeyChord(keysym: Keysym(rawValue: 0xFF55)).notation == "Prior")
    }

    // MARK: Replies

    /// The result the client reads from the line the daemon writes for `result`.
    private func readBack<Result: ReceivableResult>(
        _ result: some ReplyResult, as type: Result.Type, id: RequestID = .integer(9)
    ) throws -> Result {
        let line = Reply.line(id: id, result: result)
        let reply = try ReceivedReply(parsing: Array(line.dropLast()))
        guard case .result(let answered, let value) = reply else {
            Issue.record("not a result: \(reply)")
            throw ReplyParseError("not a result")
        }
        #expect(answered == id)
        return try Result(parsing: value)
    }

    @Test func keyResultsReadBackAsWritten() async {
        let texts = ["", "가", "ㄱ", "\"", "\\", "\u{1100}\u{1160}\u{11A8}", "닭!", "\u{7}"]
        let input = Gen.int(in: 0...(texts.count - 1)).array(of: 2...2)
        await propertyCheck(count: 200, input: input, Gen.bool, Gen.bool) { picks, handled, latin in
            let result = KeyResult(
                handled: handled, commit: ComposedText(texts[picks[0]]), preedit: ComposedText(texts[picks[1]]),
                mode: latin ? .latin : .hangul)
            #expect((try? readBack(KeyStateResult(result, page: nil), as: KeyReply.self)) == KeyReply(result))
        }
    }

    @Test func stateOptionsHelloAndPingResultsReadBackAsWritten() async throws {
        await propertyCheck(count: 200, input: Gen.int(in: 0...Int(Int32.max))) { seed in
            var rng = SplitMix(seed: UInt64(seed))
            let state = StateResult(
                commit: RequestGenerator.string(maxBytes: 40, using: &rng),
                preedit: RequestGenerator.string(maxBytes: 8, using: &rng),
                mode: Bool.random(using: &rng) ? .hangul : .latin)
            #expect((try? readBack(state, as: StateResult.self)) == state)
            let options = SessionOptions().applying(RequestGenerator.patch(using: &rng))
            for result in [OptionsResult(state: nil, options: options), OptionsResult(state: state, options: options)] {
                #expect((try? readBack(result, as: OptionsResult.self)) == result)
            }
        }
        let hello = HelloResult(
            layouts: LayoutCatalog.builtIn.entries.map(LayoutSummary.init) + [
                LayoutSummary(id: "home", name: "Home \"Row\"", koreanName: "홈", kind: "jaso", origin: .user),
                LayoutSummary(id: "2", aliases: ["x", "y"], name: "Mine", koreanName: "내", origin: .userOverride),
            ])
        #expect(try readBack(hello, as: HelloResult.self, id: .string("h")) == hello)
        #expect(try readBack(EmptyResult(), as: EmptyResult.self) == EmptyResult())
    }

    @Test func errorRepliesReadBackAsWritten() throws {
        for error in [
            ProtocolError.tooManySessions(limit: 3), .helloRequired(id: .integer(4)),
            ProtocolError(code: ProtocolErrorCode(rawValue: -32099), message: "a future \"code\"", id: .string("s")),
        ] {
            #expect(try ReceivedReply(parsing: Array(error.replyLine.dropLast())) == .error(error))
        }
    }

    /// What a newer daemon may add (members at the end, methods this client does not know) is
    /// ignored, as PROTOCOL.md section 11 asks of clients.
    @Test func membersAndMethodsFromALaterVersionAreIgnored() throws {
        let line = #"{"id":1,"result":{"commit":"가","preedit":"","mode":"hangul","later":[]},"extra":1}"#
        guard case .result(_, let value) = try ReceivedReply(parsing: Array(line.utf8)) else {
            Issue.record("not a result")
            return
        }
        #expect(try StateResult(parsing: value) == StateResult(commit: "가", preedit: "", mode: .hangul))
        var writer = JSONWriter()
        Reply.write(
            id: .integer(1), result: HelloResult(layouts: LayoutCatalog.builtIn.entries.map(LayoutSummary.init)),
            to: &writer)
        let later = String(decoding: writer.bytes, as: UTF8.self)
            .replacingOccurrences(of: #""reload"]"#, with: #""reload","hanja"]"#)
        guard case .result(_, let helloValue) = try ReceivedReply(parsing: Array(later.utf8.dropLast())) else {
            Issue.record("not a result")
            return
        }
        #expect(try HelloResult(parsing: helloValue).methods == Request.Method.Name.allCases)
    }

    @Test(arguments: [
        (#"{"id":1,"result":{"commit":5,"preedit":"","mode":"hangul"}}"#, "result.commit must be a string, got 5"),
        (#"{"id":1,"result":{"commit":"","mode":"hangul"}}"#, "result.preedit is missing"),
        (
            #"{"id":1,"result":{"commit":"","preedit":"","mode":"korean"}}"#,
            #"result.mode must be "hangul" or "latin", got "korean""#
        ),
        (#"{"id":1,"result":[]}"#, "result must be an object, got an array"),
    ])
    func malformedStateResultsSayWhatIsWrong(line: String, message: String) throws {
        guard case .result(_, let value) = try ReceivedReply(parsing: Array(line.utf8)) else {
            Issue.record("not a result")
            return
        }
        #expect(throws: ReplyParseError(message)) { try StateResult(parsing: value) }
    }

    @Test(arguments: [
        ("{", "reply is not JSON: invalid JSON at byte 1: the line ends inside a value"),
        (#"{"result":{}}"#, "reply.id is missing"),
        (#"{"id":null,"result":{}}"#, "reply.id must not be null in a result: a result answers a request"),
        (#"{"id":true,"result":{}}"#, "reply.id must be an integer, a string or null, got true"),
        (#"{"id":1,"error":{"code":"x","message":""}}"#, #"reply.error.code must be an integer, got "x""#),
    ])
    func malformedEnvelopesSayWhatIsWrong(line: String, message: String) {
        #expect(throws: ReplyParseError(message)) { try ReceivedReply(parsing: Array(line.utf8)) }
    }
}

/// A seeded generator for values built from several random draws.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
