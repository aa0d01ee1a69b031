import HangulCore
import HangulCoreTesting
import HangulDifferential
import Testing

/// The harness itself: it must see a real difference, shrink it, and agree where the sides agree.
@Suite struct DifferentialCheckTests {
    static func check(_ layoutID: String = "2", ours: ComposerOptions, libhangul: LibhangulSettings) throws
        -> DifferentialCheck
    {
        guard let layout = Layout.named(layoutID) else {
            throw DifferentialError.unknownLayout(layoutID, known: Layout.knownIDs)
        }
        return try DifferentialCheck(layout: layout, ours: ours, libhangul: libhangul)
    }

    static let defaults = LibhangulSettings(
        autoReorder: false, combiOnDoubleStroke: false, nonChoseongCombi: true, jamoOutput: false)

    @Test func agreesOnAPlainSentence() throws {
        let check = try DifferentialCheck(layout: .dubeolsik, options: ComparedOptions())
        let keys = try #require(StreamKey.parse("dkssudgktpdy<space>gksrmf<BackSpace>f.rk<flush>s"))
        #expect(check.firstMismatch(keys) == nil)
        let (ours, libhangul) = check.traces(keys)
        #expect(ours == libhangul)
        #expect(ours.steps.count == keys.count)
    }

    /// Our extended vowels (ㅝ+ㅣ → ㅞ) are a deliberate difference: left on, the harness must find
    /// it and shrink a long stream to the three keys that show it.
    @Test func findsAndShrinksTheExtendedVowelDifference() throws {
        var ours = ComposerOptions()
        ours.extendedVowels = true
        let check = try Self.check(ours: ours, libhangul: Self.defaults)
        let keys = try #require(StreamKey.parse("rkskekfk<space>dnjl<BackSpace>rk"))
        let difference = try #require(check.firstMismatch(keys))
        #expect(difference == 12)
        let report = MismatchReport(
            check: check, options: ComparedOptions(), keys: keys, firstDifference: difference, origin: "test")
        #expect(report.notation == "njl")
        #expect(report.ours.steps.map(\.preedit) == [[0x315C], [0x315D], [0x315E]])
        #expect(report.libhangul.steps.map(\.preedit) == [[0x315C], [0x315D], [0x3163]])
        #expect(report.libhangul.steps[2].commit == [0x315D])
        #expect("\(report)".contains("> 3    l"))
    }

    /// Deliberate difference 2 (BackSpace after auto-reorder): our own BackSpace differs, and the
    /// mapped comparison takes BackSpace libhangul's way, so it agrees on the same keys and beyond.
    @Test func seesTheAutoReorderBackSpaceDifferenceUnlessMapped() throws {
        var ours = ComposerOptions()
        ours.extendedVowels = false
        ours.autoReorder = true
        var settings = Self.defaults
        settings.autoReorder = true
        let check = try Self.check(ours: ours, libhangul: settings)
        let keys = try #require(StreamKey.parse("hrk<BackSpace>k<BackSpace><BackSpace>hk"))
        #expect(check.firstMismatch(keys) == 3)
        let options = ComparedOptions(autoReorder: true)
        #expect(options.libhangul(on: .dubeolsik) == settings)
        let mapped = try DifferentialCheck(layout: .dubeolsik, options: options)
        #expect(mapped.backspacesLikeLibhangul)
        #expect(mapped.firstMismatch(keys) == nil)
    }

    @Test func aDifferentOutputFormIsAMismatchOnTheFirstKey() throws {
        var ours = ComposerOptions()
        ours.extendedVowels = false
        ours.output = .jamo
        let check = try Self.check(ours: ours, libhangul: Self.defaults)
        #expect(check.firstMismatch([.position(KeyPosition(ascii: UInt8(ascii: "r"))!)]) == 0)
    }

    @Test func anUnknownLibhangulKeyboardIsAnErrorThatListsTheKnownOnes() {
        #expect(LibhangulContext(keyboard: "nonexistent") == nil)
        let ids = LibhangulContext.keyboardIDs
        #expect(ids.contains("2"))
        #expect(ids.contains("3f"))
        #expect(ids.contains("ro"))
    }

    @Test func sixteenOptionCombinationsWithExtendedVowelsOffOnOurSide() {
        #expect(ComparedOptions.all.count == 16)
        #expect(Set(ComparedOptions.all).count == 16)
        #expect(ComparedOptions.all.allSatisfy { !$0.ours.extendedVowels })
        #expect(
            ComparedOptions(autoReorder: true, output: .jamo).description
                == "auto-reorder=on,combi-on-double-stroke=off,non-choseong-combi=on,output=jamo")
    }
}
