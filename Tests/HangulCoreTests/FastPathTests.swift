import Testing

@testable import HangulCore

/// The composer's shortcuts for `hangul-compose` per key (issue 25) against the slower ways they
/// stand in for: each must give the same answer for every input it can be asked.
@Suite struct FastPathTests {
    /// Every code point of the three Hangul Jamo blocks, where all jamo live, and a few beside them.
    static let jamoCodePoints: [UInt32] =
        Array(0x10F0...0x1210) + Array(0xA950...0xA990) + Array(0xD7A0...0xD800) + [0, 0x3131, 0xAC00]

    @Test func theModernFinalTableGivesTheInitialsTheSearchGives() {
        for scalar in Self.jamoCodePoints {
            #expect(
                JamoTables.jongseongToChoseong(scalar) == JamoTables.jongseongToChoseongBySearch(scalar),
                "U+\(String(scalar, radix: 16, uppercase: true))")
        }
    }

    @Test func everyBuiltInCombinationTableAnswersAsItsBisection() {
        var tables = LayoutCatalog.builtIn.entries.map(\.layout.combinations)
        tables.append(Composer.extendedVowels)
        var merged = 0
        for table in tables {
            for first in Self.jamoCodePoints {
                for second in Self.jamoCodePoints {
                    let expected = table.combineBySearch(first, second)
                    if expected != 0 { merged += 1 }
                    if table.combine(first, second) != expected {
                        Issue.record(
                            "U+\(String(first, radix: 16)) + U+\(String(second, radix: 16)): table \(table.combine(first, second)), bisection \(expected)"
                        )
                    }
                }
            }
        }
        // Every pair of every table was found, so the comparison covered the merges themselves.
        #expect(merged == tables.reduce(0) { $0 + $1.count })
    }

    @Test func theModernIndexNumbersEachModernJamoOnce() {
        let indices = Self.jamoCodePoints.compactMap(CombinationTable.modernIndex)
        #expect(indices.sorted() == Array(0..<CombinationTable.modernCount))
    }

    @Test(arguments: LayoutCatalog.builtIn.ids)
    func theLeanCallsTypeAsTheFullOnes(layout id: String) throws {
        let layout = try #require(LayoutCatalog.builtIn.layout(named: id))
        var random: UInt64 = 0x2545_F491_4F6C_DD1D
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        var options = ComposerOptions()
        for round in 0..<4 {
            options.autoReorder = round & 1 != 0
            options.output = round & 2 != 0 ? .jamo : .syllables
            var full = Composer(layout: layout, options: options)
            var lean = Composer(layout: layout, options: options)
            var commit = ComposedText()
            for _ in 0..<5_000 {
                if next(12) == 0 {
                    let output = full.backspace()
                    let step = lean.removeKeystroke()
                    #expect(step.consumed == output.consumed)
                    #expect(step.composing == !output.preedit.isEmpty)
                    #expect(lean.preedit == output.preedit)
                    continue
                }
                guard let position = KeyPosition(ascii: UInt8(0x21 + next(KeyPosition.count))) else { continue }
                let output = full.process(position)
                let step = lean.process(position, commit: &commit)
                #expect(step.consumed == output.consumed)
                #expect(commit == output.commit)
                #expect(step.composing == !output.preedit.isEmpty)
                #expect(lean.preedit == output.preedit)
            }
        }
    }
}
