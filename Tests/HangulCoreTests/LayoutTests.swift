import HangulCore
import HangulCoreTesting
import Testing

@Suite struct LayoutTests {
    @Test func everyLibhangulKeyboardAndSinSebeolsikIsBuiltInByIdAndLongId() {
        #expect(Layout.knownIDs == ["2", "2y", "32", "39", "3f", "3s", "3y", "3sin-p2", "3sin-1995", "ro", "ahn"])
        let longIDs = [
            "dubeolsik", "dubeolsik-yetgeul", "sebeolsik-dubeolsik", "sebeolsik-390", "sebeolsik-final",
            "sebeolsik-noshift", "sebeolsik-yetgeul", "sinsebeolsik-p2", "sinsebeolsik-1995", "romaja", "ahnmatae",
        ]
        #expect(longIDs.map { Layout.named($0)?.id } == Layout.knownIDs)
        #expect(Layout.named("3x") == nil)
    }

    @Test func dubeolsikRowsReadLikeThePrintedKeyboard() {
        let layout = Layout.dubeolsik
        func row(_ keys: String) -> String {
            String(
                keys.map { key -> Character in
                    guard let position = KeyPosition(key.unicodeScalars.first!),
                        case .jamo(let jamo) = layout.action(at: position), let letter = jamo.compatibility
                    else { return "·" }
                    return Character(letter)
                })
        }
        #expect(row("qwertyuiop") == "ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ")
        #expect(row("asdfghjkl") == "ㅁㄴㅇㄹㅎㅗㅓㅏㅣ")
        #expect(row("zxcvbnm") == "ㅋㅌㅊㅍㅠㅜㅡ")
        #expect(row("QWERTYUIOP") == "ㅃㅉㄸㄲㅆㅛㅕㅑㅒㅖ")
        #expect(row("1;,./[]'-=`") == "···········")
    }

    @Test func keyPositionsArePrintableAsciiOnly() {
        #expect(KeyPosition(ascii: 0x20) == nil)
        #expect(KeyPosition(ascii: 0x7F) == nil)
        #expect(KeyPosition(ascii: 0x21)?.description == "!")
        #expect(KeyPosition("ㄱ") == nil)
        #expect(KeyPosition.all.count == 94)
    }
}
