import HangulCore
import HangulCoreTesting
import Testing

/// The output law's checker must reject what a broken composer could emit, or the law proves nothing.
@Suite struct OutputValidatorTests {
    let dubeolsik = OutputValidator(layout: .dubeolsik)
    let r = Stroke.key(KeyPosition(ascii: UInt8(ascii: "r"))!)

    @Test func acceptsSyllablesLettersAndConjoiningBlocksOfTheLayoutsJamo() {
        #expect(dubeolsik.problem(inCommit: [0xAC00, 0x3131, 0x314F], after: r) == nil)
        #expect(dubeolsik.problem(inCommit: [0x1100, 0x1160, 0x115F, 0x1161, 0x115F, 0x1160, 0x11A8], after: r) == nil)
        #expect(dubeolsik.problem(inPreedit: [0x1100, 0x1161, 0x11A8]) == nil)
        #expect(dubeolsik.problem(inPreedit: []) == nil)
    }

    @Test(
        arguments: [
            [0x115F, 0x1160],  // two fillers: an empty syllable
            [0x1161, 0x1100],  // a medial before its initial
            [0x1140, 0x1161],  // ᅀ, old Hangul, which dubeolsik cannot type
            [0x0072],  // a key's character inside a commit
            [0x1100],  // an initial with no medial or filler after it
        ] as [[UInt32]])
    func rejectsWhatNoStepCouldCommit(commit: [UInt32]) {
        #expect(dubeolsik.problem(inCommit: commit, after: r) != nil)
    }

    /// The layout fuzzer's crash-6572d81e (saved in Fuzz/Crashes/layout): a two-set layout whose key
    /// types ㅘ itself and no key ㅐ. ㅘ then ㅣ is ㅙ by the composer's extended vowels (on by
    /// default), so ㅙ is the layout's own; with the option off the composer starts a new syllable.
    @Test func extendedVowelsReachㅙFromATypedㅘWhereNoKeyTypesㅐ() throws {
        let layout = try LayoutFile.parse(
            "id f\nname F\nkind jamo\nkey m medial ㅘ\nkey l medial ㅣ\nkey r initial ㄱ\n", source: "fuzzed.layout")
        let validator = OutputValidator(layout: layout)
        let m = try #require(KeyPosition(ascii: UInt8(ascii: "m")))
        let l = try #require(KeyPosition(ascii: UInt8(ascii: "l")))
        var composer = Composer(layout: layout, options: ComposerOptions())
        _ = Stroke.key(m).apply(to: &composer)
        _ = Stroke.key(l).apply(to: &composer)
        #expect(composer.preedit.scalars == [0x3159])
        #expect(validator.problem(inPreedit: composer.preedit.scalars) == nil)
        var strict = ComposerOptions()
        strict.extendedVowels = false
        var plain = Composer(layout: layout, options: strict)
        _ = Stroke.key(m).apply(to: &plain)
        #expect(Stroke.key(l).apply(to: &plain).commit.scalars == [0x3158])
    }

    /// The layout fuzzer's crash-ddf1dc58 (saved in Fuzz/Crashes/layout): a romaja layout whose X
    /// names an archaic initial (U+113E) and no key types ㅈ. Romaja reads x as ㅈ at the start of a
    /// syllable whatever its key names (libhangul's rule), so the preedit ㅈ is the layout's own.
    @Test func onRomajaXIsCieucWhateverItsKeyNames() throws {
        let layout = try LayoutFile.parse(
            "id f\nname F\nkind romaja\nkey X initial U+113E\nkey a medial ㅏ\n", source: "fuzzed.layout")
        let validator = OutputValidator(layout: layout)
        var composer = Composer(layout: layout, options: ComposerOptions())
        let x = try #require(KeyPosition(ascii: UInt8(ascii: "X")))
        _ = Stroke.key(x).apply(to: &composer)
        #expect(composer.preedit.scalars == [0x3148])
        #expect(validator.problem(inPreedit: composer.preedit.scalars) == nil)
    }

    @Test func aPreeditIsOneSyllableAtMost() {
        #expect(dubeolsik.problem(inPreedit: [0xAC00, 0xAC00]) == "preedit is not one syllable: U+AC00 U+AC00")
    }

    @Test func aSymbolKeyMustCommitItsSymbolLast() throws {
        let layout = try #require(Layout.named("3f"))
        let validator = OutputValidator(layout: layout)
        let symbolKey = try #require(
            KeyPosition.all.first { if case .symbol = layout.action(at: $0) { true } else { false } })
        guard case .symbol(let symbol) = layout.action(at: symbolKey) else { return }
        #expect(validator.problem(inCommit: [0xAC00, symbol.value], after: .key(symbolKey)) == nil)
        #expect(validator.problem(inCommit: [0xAC00], after: .key(symbolKey)) != nil)
        #expect(validator.problem(inCommit: [symbol.value], after: .flush) != nil)
    }

    /// From the layout fuzzer (Fuzz/Crashes/layout/crash-4cbfffb7…): a romaja layout whose `x` key
    /// types the final ㄻ, which romaja has no rule to split. A vowel after it takes the whole final
    /// as the next initial, ꥨ (U+A968), as libhangul's romaja does; no spelling reaches that initial,
    /// so the checker took the preedit for one the layout cannot make.
    @Test func onRomajaTheInitialFormOfAFinalAVowelTakesIsTheLayouts() throws {
        let rieulMieum = try #require(Jamo(compatibility: "ㄻ", as: .jongseong))
        let pieup = try #require(Jamo(compatibility: "ㅂ", as: .choseong))
        let u = try #require(Jamo(compatibility: "ㅜ", as: .jungseong))
        let i = try #require(Jamo(compatibility: "ㅣ", as: .jungseong))
        let layout = Layout(
            id: "test", name: "Test", koreanName: "시험", kind: .romaja,
            keys: ["b": .jamo(pieup), "u": .jamo(u), "x": .jamo(rieulMieum), "y": .jamo(i)],
            combinations: CombinationTable([]))
        var composer = Composer(layout: layout)
        for key in "buxy" { _ = composer.process(try #require(KeyPosition(key.unicodeScalars.first!))) }
        #expect(composer.preedit.scalars == [0xA968, 0x1175])
        #expect(OutputValidator(layout: layout).problem(inPreedit: composer.preedit.scalars) == nil)
        #expect(OutputValidator(layout: layout).problem(inPreedit: [0xA968, 0xA968]) != nil)
    }

    /// From the layout fuzzer (Fuzz/Crashes/layout/crash-8333007e…): a romaja layout whose `x` key
    /// types the final ㄳ and where no key types ㄱ. A vowel after ㄳ splits it, as libhangul's romaja
    /// does: ㄱ stays the final and ㅅ begins the next syllable. In conjoining jamo the commit is
    /// ᄇ ᅮ ᆨ, whose final the checker did not count as the layout's.
    @Test func onRomajaWhatStaysOfASplitFinalIsTheLayouts() throws {
        let kiyeokSios = try #require(Jamo(compatibility: "ㄳ", as: .jongseong))
        let pieup = try #require(Jamo(compatibility: "ㅂ", as: .choseong))
        let u = try #require(Jamo(compatibility: "ㅜ", as: .jungseong))
        let i = try #require(Jamo(compatibility: "ㅣ", as: .jungseong))
        let layout = Layout(
            id: "test", name: "Test", koreanName: "시험", kind: .romaja,
            keys: ["b": .jamo(pieup), "u": .jamo(u), "x": .jamo(kiyeokSios), "y": .jamo(i)],
            combinations: CombinationTable([]))
        var options = ComposerOptions()
        options.output = .jamo
        var composer = Composer(layout: layout, options: options)
        var commit: [UInt32] = []
        for key in "buxy" {
            commit += composer.process(try #require(KeyPosition(key.unicodeScalars.first!))).commit.scalars
        }
        #expect(commit == [0x1107, 0x116E, 0x11A8])
        #expect(composer.preedit.scalars == [0x1109, 0x1175])
        let validator = OutputValidator(layout: layout)
        #expect(
            validator.problem(inCommit: commit, after: .key(try #require(KeyPosition(ascii: UInt8(ascii: "y"))))) == nil
        )
        #expect(validator.problem(inPreedit: composer.preedit.scalars) == nil)
        #expect(validator.problem(inCommit: [0x1107, 0x116E, 0x11AF], after: .flush) != nil)
    }

    /// From the layout fuzzer's first crash (Fuzz/Crashes/layout/crash-98c20f30…): a two-set layout whose
    /// table merges initials ㄹ+ㅎ into the final ㅀ but has no pair of finals for it. The composer
    /// shows ㅀ (non-choseong-combi); the checker took it for a jamo the layout cannot type.
    @Test func aFinalReachedOnlyThroughAnInitialPairIsTheLayouts() throws {
        let rieul = try #require(Jamo(compatibility: "ㄹ", as: .choseong))
        let hieuh = try #require(Jamo(compatibility: "ㅎ", as: .choseong))
        let rieulHieuh = try #require(Jamo(compatibility: "ㅀ", as: .jongseong))
        let layout = Layout(
            id: "test", name: "Test", koreanName: "시험", kind: .jamo,
            keys: ["f": .jamo(rieul), "g": .jamo(hieuh)], combinations: CombinationTable([(rieul, hieuh, rieulHieuh)]))
        var composer = Composer(layout: layout)
        _ = composer.process(KeyPosition(ascii: UInt8(ascii: "f"))!)
        _ = composer.process(KeyPosition(ascii: UInt8(ascii: "g"))!)
        #expect(composer.preedit.string == "ㅀ")
        #expect(KeySpeller(layout: layout).reachableJamo(in: .jongseong).contains(rieulHieuh))
        #expect(OutputValidator(layout: layout).problem(inPreedit: composer.preedit.scalars) == nil)
    }

    /// From the layout fuzzer's second crash (Fuzz/Crashes/layout/crash-af41e741…): romaja closes a
    /// lone consonant with ㅡ when the next cannot join it (ㅊ then ㄷ commits 츠), even on a layout
    /// with no key or pair for ㅡ; the checker took that ㅡ for a jamo the layout cannot type.
    @Test func romajasImplicitVowelIsTheLayoutsEvenWithoutAKey() throws {
        let chieuch = try #require(Jamo(compatibility: "ㅊ", as: .choseong))
        let tikeut = try #require(Jamo(compatibility: "ㄷ", as: .choseong))
        let layout = Layout(
            id: "test", name: "Test", koreanName: "시험", kind: .romaja,
            keys: ["c": .jamo(chieuch), "d": .jamo(tikeut)], combinations: CombinationTable([]))
        var options = ComposerOptions()
        options.output = .jamo
        var composer = Composer(layout: layout, options: options)
        _ = composer.process(KeyPosition(ascii: UInt8(ascii: "c"))!)
        let output = composer.process(KeyPosition(ascii: UInt8(ascii: "d"))!)
        #expect(output.commit.scalars == [0x110E, 0x1173])
        let validator = OutputValidator(layout: layout)
        #expect(validator.problem(inCommit: output.commit.scalars, after: .key(KeyPosition(ascii: 0x64)!)) == nil)
    }
}
