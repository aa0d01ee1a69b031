import HangulKeys
import PropertyBased
import Testing

@testable import HangulProtocol

/// The `key` fast path reads only lines the general parser reads to the same request.
@Suite struct CanonicalKeyTests {
    private func fast(_ line: String) -> Request? {
        Array(line.utf8).withUnsafeBytes { Request.parseCanonicalKey($0) }
    }

    private func general(_ line: String) -> IncomingLine {
        Array(line.utf8).withUnsafeBytes { Request.parseAnyLine($0, layouts: .builtIn) }
    }

    @Test func typingRequestsTakeTheFastPath() {
        #expect(
            fast(#"{"id":7,"method":"key","params":{"keysym":115,"keycode":39}}"#)
                == Request(id: .integer(7), method: .key(KeyEvent(keysym: 115, keycode: 39))))
        #expect(
            fast(#"{"id":0,"method":"key","params":{"release":true,"modifiers":257,"keysym":536870911}}"#)
                == Request(
                    id: .integer(0),
                    method: .key(KeyEvent(keysym: 0x1FFF_FFFF, modifiers: .shift, isRelease: true))))
        #expect(
            fast(#"{"id":999999999999999999,"method":"key","params":{"keysym":0,"keycode":65535}}"#)
                == Request(id: .integer(999_999_999_999_999_999), method: .key(KeyEvent(keysym: 0, keycode: 65535))))
    }

    @Test(arguments: [
        #"{"id":7,"method":"key","params":{"keysym":536870912}}"#,
        #"{"id":7,"method":"key","params":{"keysym":97,"keycode":7}}"#,
        #"{"id":7,"method":"key","params":{"keysym":97,"keycode":65536}}"#,
        #"{"id":7,"method":"key","params":{"keysym":97,"modifiers":4294967296}}"#,
        #"{"id":7,"method":"key","params":{"keycode":38}}"#,
        #"{"id":7,"method":"key","params":{}}"#,
        #"{"id":7,"method":"key","params":{"keysym":97,"keysym":98}}"#,
        #"{"id":7,"method":"key","params":{"keysym":097}}"#,
        #"{"id":7,"method":"key","params":{"keysym":97.0}}"#,
        #"{"id":7,"method":"key","params":{"keysym":97,"release":null}}"#,
        #"{"id":1000000000000000000,"method":"key","params":{"keysym":97}}"#,
        #"{"id":-1,"method":"key","params":{"keysym":97}}"#,
        #"{"id":"a","method":"key","params":{"keysym":97}}"#,
        #"{"id":7, "method":"key","params":{"keysym":97}}"#,
        #"{"method":"key","id":7,"params":{"keysym":97}}"#,
        #"{"id":7,"method":"key","params":{"keysym":97}} "#,
        #"{"id":7,"method":"key","params":{"keysym":97}}}"#,
        #"{"id":7,"method":"key","params":{"keysym":97},"id":8}"#,
    ])
    func everyOtherLineTakesTheGeneralPath(line: String) {
        #expect(fast(line) == nil)
    }

    /// Pieces of `key` lines, right and slightly wrong, joined at random and then damaged at random.
    private static let members = [
        #""keysym":97"#, #""keysym":0"#, #""keysym":536870911"#, #""keysym":536870912"#, #""keysym":01"#,
        #""keysym":-1"#, #""keysym":9.7e1"#, #""keysym":"a""#, #""keysym":null"#, #""keycode":38"#, #""keycode":8"#,
        #""keycode":7"#, #""keycode":65535"#, #""keycode":65536"#, #""modifiers":0"#, #""modifiers":1"#,
        #""modifiers":4294967295"#, #""modifiers":4294967296"#, #""modifiers":99999999999999999999"#,
        #""release":true"#, #""release":false"#, #""release":1"#, #""other":1"#, #""keysym\u0022:97"#,
    ]
    private static let ids = [
        "7", "0", "00", "123456789012345678", "1234567890123456789", "-3", "\"x\"", "null", "7.0",
    ]

    private static func line(id: Int, memberIndices: [Int], damage: Int, position: Int) -> String {
        let members = memberIndices.map { Self.members[$0] }.joined(separator: ",")
        var bytes = Array(#"{"id":\#(Self.ids[id]),"method":"key","params":{\#(members)}}"#.utf8)
        let at = position % bytes.count
        switch damage {
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(UInt8(ascii: " "), at: at)
        default: break
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func theFastPathAgreesWithTheGeneralParser() async {
        await propertyCheck(
            count: 3000, input: Gen.int(in: 0...(Self.ids.count - 1)),
            Gen.int(in: 0...(Self.members.count - 1)).array(of: 0...5), Gen.int(in: 0...2), Gen.int(in: 0...400)
        ) { id, memberIndices, damage, position in
            let line = Self.line(id: id, memberIndices: memberIndices, damage: damage, position: position)
            guard let request = fast(line) else { return }
            #expect(general(line) == .request(request), "\(line)")
        }
    }
}
