import HangulCore
import HangulCoreTesting
import Testing

/// 신세벌식 P2 (`3sin-p2`) and 1995 (`3sin-1995`): dual-role keys (갈마들이). Each step is
/// "commit|preedit", as in ``KeyTrace``.
@Suite struct SinSebeolsikTests {
    /// One case of kime's engine tests for its two 신세벌식 layouts (kime's
    /// `src/engine/core/tests/sebeolsik_3sin_{p2,1995}.rs`, read at commit 01ee479): the keys, then
    /// kime's preedit and commit after each. Kime's cases are written here as our table, not copied.
    struct KimeCase: Sendable, CustomTestStringConvertible {
        var layout: String
        var name: String
        var keys: String
        var steps: [String]
        var testDescription: String { "\(layout) \(name)" }
    }

    static let kimeCases: [KimeCase] = [
        KimeCase(layout: "3sin-p2", name: "simple", keys: "uz", steps: ["|ㄷ", "|듸"]),
        KimeCase(layout: "3sin-p2", name: "cu", keys: "oo", steps: ["|ㅊ", "|추"]),
        KimeCase(layout: "3sin-p2", name: "double_jongseong", keys: "tt", steps: ["|ㅋ", "ㅋ|ㅋ"]),
        KimeCase(
            layout: "3sin-p2", name: "hello", keys: "jfshtamfncjx",
            steps: ["|ㅇ", "|아", "|안", "안|ㄴ", "|녀", "|녕", "녕|ㅎ", "|하", "하|ㅅ", "|세", "세|ㅇ", "|요"]),
        KimeCase(
            layout: "3sin-p2", name: "compose_jungseong", keys: "jocsj/d",
            steps: ["|ㅇ", "|우", "|웨", "|웬", "웬|ㅇ", "|오", "|외"]),
        KimeCase(
            layout: "3sin-p2", name: "dont_compose_jungseong", keys: "jbbjvd",
            steps: ["|ㅇ", "|우", "|웇", "웇|ㅇ", "|오", "|옿"]),
        KimeCase(
            layout: "3sin-p2", name: "chocolate", keys: "jocsov/vwydq",
            steps: ["|ㅇ", "|우", "|웨", "|웬", "웬|ㅊ", "|초", "초|ㅋ", "|코", "|콜", "콜|ㄹ", "|리", "|릿"]),
        KimeCase(layout: "3sin-1995", name: "simple", keys: "uq", steps: ["|ㄷ", "|듸"]),
        KimeCase(layout: "3sin-1995", name: "mu", keys: "ii", steps: ["|ㅁ", "|무"]),
        KimeCase(
            layout: "3sin-1995", name: "hello", keys: "jfsheamfncjx",
            steps: ["|ㅇ", "|아", "|안", "안|ㄴ", "|녀", "|녕", "녕|ㅎ", "|하", "하|ㅅ", "|세", "세|ㅇ", "|요"]),
        KimeCase(
            layout: "3sin-1995", name: "compose_jungseong", keys: "jocsjpd",
            steps: ["|ㅇ", "|우", "|웨", "|웬", "웬|ㅇ", "|오", "|외"]),
        KimeCase(
            layout: "3sin-1995", name: "dont_compose_jungseong", keys: "jbcjvd",
            steps: ["|ㅇ", "|우", "|웇", "웇|ㅇ", "|오", "|옿"]),
        KimeCase(
            layout: "3sin-1995", name: "chocolate", keys: "jocsov/vwydq",
            steps: ["|ㅇ", "|우", "|웨", "|웬", "웬|ㅊ", "|초", "초|ㅋ", "|코", "|콜", "콜|ㄹ", "|리", "|릿"]),
    ]

    @Test(arguments: kimeCases)
    func kimesCasesGiveTheSamePreeditAndCommitAfterEveryKey(_ kime: KimeCase) {
        #expect(KeyTrace.typing(kime.keys, on: kime.layout) == KeyTrace(steps: kime.steps))
    }

    /// The deliberate difference from kime (kime issue #646): there a final struck twice never
    /// doubles, so P2 cannot type 밖 or 있 by ㅅ ㅅ; here ㄱ ㄱ and ㅅ ㅅ as finals are ㄲ and ㅆ.
    @Test(arguments: ["3sin-p2", "3sin-1995"])
    func aFinalStruckTwiceDoubles(layout: String) {
        let kiyeok = layout == "3sin-p2" ? "c" : "x"
        #expect(KeyTrace.typing(";f\(kiyeok)\(kiyeok)", on: layout).steps.last == "|밖")
        #expect(KeyTrace.typing("jdqq", on: layout).steps.last == "|있")
    }

    /// The left hand's vowel comes only right after an initial; with nothing before it the key is
    /// its final, and after a final it is a final again (ㄹ then ㄱ: 닭).
    @Test func leftHandKeysAreFinalsUnlessAVowelCanFollowTheInitial() {
        #expect(KeyTrace.typing("ufwc", on: "3sin-p2") == ["|ㄷ", "|다", "|달", "|닭"])
        #expect(KeyTrace.typing("f", on: "3sin-p2") == ["|ㅍ"])
    }

    /// ㄴ ㅗ(left) ㅎ is 놓: a left-hand vowel begins no compound, which is why the right hand has
    /// its own ㅗ ㅜ ㅡ. The same vowel from the right hand does combine (뇌).
    @Test func onlyARightHandVowelStartsACompound() {
        #expect(KeyTrace.typing("hvd", on: "3sin-p2").steps.last == "|놓")
        #expect(KeyTrace.typing("h/d", on: "3sin-p2").steps.last == "|뇌")
        #expect(KeyTrace.typing("h/f", on: "3sin-p2").steps.last == "|놔")
        #expect(KeyTrace.typing("jid", on: "3sin-p2").steps.last == "|의")
    }

    /// A right-hand ㅁ/ㅡ key is an initial again once the syllable has a vowel it cannot join.
    @Test func rightHandKeysStartTheNextSyllableAfterAVowel() {
        #expect(KeyTrace.typing("kfi", on: "3sin-p2") == ["|ㄱ", "|가", "가|ㅁ"])
    }

    /// BackSpace takes back the last keystroke's jamo, whichever role the key played.
    @Test func backspaceRemovesTheRoleTheKeyPlayed() {
        #expect(
            KeyTrace.typing("jocs<<<<<", on: "3sin-p2") == ["|ㅇ", "|우", "|웨", "|웬", "|웨", "|우", "|ㅇ", "|", "||passed"])
        // After BackSpace the vowel is open again: the left key combines with it once more.
        #expect(KeyTrace.typing("jocs<<c", on: "3sin-p2").steps.last == "|웨")
    }

    /// Shifted left keys type their vowel alone, without an initial.
    @Test func shiftedLeftKeysTypeTheVowel() {
        #expect(KeyTrace.typing("F", on: "3sin-p2") == ["|ㅏ"])
        #expect(KeyTrace.typing("Fj", on: "3sin-p2") == ["|ㅏ", "ㅏ|ㅇ"])
    }

    /// Random streams of the layout's Hangul keys: BackSpace after a key that committed nothing
    /// gives back exactly the state before it (the same preedit, and the next key does what it
    /// would have done), and at most twelve BackSpaces always empty the syllable, the next one
    /// passing through.
    @Test(arguments: ["3sin-p2", "3sin-1995"])
    func backspaceAlwaysBacksOutOfWhatRandomKeysBuilt(layout id: String) throws {
        let layout = try #require(Layout.named(id))
        let keys = Stroke.hangulKeyPositions(of: layout)
        #expect(keys.count > 40)
        var generator = SplitMix64(seed: SplitMix64.seed(0x5349_4E33, layoutID: id))
        for options in [ComposerOptions(), ComposerOptions.with([.autoReorder])] {
            for _ in 0..<400 {
                var composer = Composer(layout: layout, options: options)
                for _ in 0..<(generator.below(8) + 1) { _ = composer.process(keys[generator.below(keys.count)]) }
                let before = composer
                let key = keys[generator.below(keys.count)]
                let next = keys[generator.below(keys.count)]
                var typed = composer
                let step = typed.process(key)
                if step.commit.isEmpty {
                    var undone = typed
                    #expect(undone.backspace().preedit == before.preedit, "\(id): BackSpace after \(key)")
                    var straight = before
                    #expect(undone.process(next) == straight.process(next), "\(id): \(next) after \(key) BackSpace")
                }
                var emptied = typed
                var count = 0
                while !emptied.isEmpty, count < 13 {
                    #expect(emptied.backspace().consumed)
                    count += 1
                }
                #expect(emptied.isEmpty && count <= 12, "\(id): \(count) BackSpaces")
                #expect(!emptied.backspace().consumed)
            }
        }
    }
}
