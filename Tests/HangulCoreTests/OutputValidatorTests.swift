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
}
