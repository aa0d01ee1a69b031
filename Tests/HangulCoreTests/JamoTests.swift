import HangulCore
import Testing

@Suite struct JamoTests {
    @Test func everySyllableDecomposesAndComposesBack() {
        var count = 0
        for value in Syllable.first...Syllable.last {
            guard let scalar = Unicode.Scalar(value), let parts = Syllable.decompose(scalar) else {
                Issue.record("U+\(String(value, radix: 16)) did not decompose")
                continue
            }
            #expect(
                Syllable.compose(choseong: parts.choseong, jungseong: parts.jungseong, jongseong: parts.jongseong)
                    == scalar)
            count += 1
        }
        #expect(count == Syllable.count)
    }

    @Test func syllableArithmeticMatchesKnownSyllables() {
        let han = Syllable.decompose("한")
        #expect(han?.choseong == Jamo(rawValue: 0x1112))
        #expect(han?.jungseong == Jamo(rawValue: 0x1161))
        #expect(han?.jongseong == Jamo(rawValue: 0x11AB))
        #expect(Syllable.decompose("A") == nil)
        #expect(Syllable.compose(choseong: Jamo(rawValue: 0x1100), jungseong: Jamo(rawValue: 0x1161)) == "가")
    }

    @Test func everyModernJamoRoundTripsThroughCompatibilityForm() {
        for (range, slot) in [
            (Jamo.modernChoseongRange, JamoSlot.choseong), (Jamo.modernJungseongRange, .jungseong),
            (Jamo.modernJongseongRange, .jongseong),
        ] {
            for value in range {
                let jamo = Jamo(rawValue: value)
                #expect(jamo.slot == slot)
                guard let compatibility = jamo.compatibility else {
                    Issue.record("U+\(String(value, radix: 16)) has no compatibility form")
                    continue
                }
                #expect(Jamo(compatibility: compatibility, as: slot) == jamo)
            }
        }
    }

    @Test func compatibilityLettersMapToTheRightSlots() {
        #expect(Jamo(compatibility: "ㄱ", as: .choseong)?.rawValue == 0x1100)
        #expect(Jamo(compatibility: "ㄱ", as: .jongseong)?.rawValue == 0x11A8)
        #expect(Jamo(compatibility: "ㄳ", as: .jongseong)?.rawValue == 0x11AA)
        #expect(Jamo(compatibility: "ㄳ", as: .choseong) == nil)
        #expect(Jamo(compatibility: "ㄸ", as: .jongseong)?.rawValue == 0xD7CD, "an old-Hangul final")
        #expect(Jamo(compatibility: "ㆁ", as: .choseong)?.rawValue == 0x114C, "old-Hangul yesieung")
        #expect(Jamo(compatibility: "ㅏ", as: .jungseong)?.rawValue == 0x1161)
        #expect(Jamo(compatibility: "ㅏ", as: .choseong) == nil)
    }

    @Test func initialsAndFinalsConvertWhereBothExist() {
        #expect(Jamo(rawValue: 0x1100).asJongseong?.rawValue == 0x11A8)
        #expect(Jamo(rawValue: 0x1104).asJongseong == nil, "ㄸ never ends a syllable")
        #expect(Jamo(rawValue: 0x11BB).asChoseong?.rawValue == 0x110A, "ㅆ")
        #expect(Jamo(rawValue: 0x11AA).asChoseong == nil, "ㄳ has no modern initial form")
    }
}
