import HangulCore
import Testing

/// The layout file parser on well-formed files: every directive lands in the layout, comments and
/// blank lines are skipped, and the result types like any built-in layout.
@Suite struct LayoutFileTests {
    static let tiny = """
        # A tiny sebeolsik: enough keys for 꽉, an old initial by code point, two symbols.
        id          tiny
        alias       tiny-sebeolsik       # a comment after a value
        alias       t
        name        Tiny Sebeolsik
        name-ko     작은 세벌식
        kind        jaso
        old-hangul  no

        key k  initial ㄱ
        key f  medial  ㅏ
        key v  medial  ㅗ
        key x  final   ㄱ
        key G  initial U+114C            # old ㆁ, written as a code point
        key 1  symbol  ·
        key ~  symbol  U+203B

        combine initial ㄱ + initial ㄱ = initial ㄲ
        combine medial ㅗ + medial ㅏ = medial ㅘ   # wa
        """

    @Test func aCompleteSmallLayoutParsesIntoItsTable() throws {
        let layout = try LayoutFile.parse(Self.tiny, source: "tiny.layout")
        #expect(layout.id == "tiny")
        #expect(layout.aliases == ["tiny-sebeolsik", "t"])
        #expect(layout.name == "Tiny Sebeolsik")
        #expect(layout.koreanName == "작은 세벌식")
        #expect(layout.kind == .jaso)
        #expect(!layout.typesOldHangul)

        var table: [String: KeyAction] = [:]
        for position in KeyPosition.all where layout.action(at: position) != .none {
            table[position.description] = layout.action(at: position)
        }
        #expect(
            table == [
                "k": .jamo(Jamo(rawValue: 0x1100)), "f": .jamo(Jamo(rawValue: 0x1161)),
                "v": .jamo(Jamo(rawValue: 0x1169)), "x": .jamo(Jamo(rawValue: 0x11A8)),
                "G": .jamo(Jamo(rawValue: 0x114C)), "1": .symbol("·"), "~": .symbol("※"),
            ])

        #expect(layout.combinations.count == 2)
        #expect(layout.combinations.combine(0x1100, 0x1100) == 0x1101)
        #expect(layout.combinations.combine(0x1169, 0x1161) == 0x116A)
        #expect(layout.combinations.combine(0x1161, 0x1169) == 0, "a pair combines in the order written")
    }

    @Test func aParsedLayoutTypesLikeABuiltInOne() throws {
        let layout = try LayoutFile.parse(Self.tiny, source: "tiny.layout")
        #expect(Typist.text("kkvfx1", layout: layout) == "꽉·")
        #expect(Typist.text("Gf~", layout: layout) == "\u{114C}\u{1161}※")
        #expect(Typist.text("kz", layout: layout) == "ㄱz", "a key the file leaves out passes through")
    }

    /// The README's dual-role example, exactly as printed there: it loads and types by the rules.
    static let dualRoleExample = """
        # A corner of 신세벌식: dual-role keys (갈마들이).
        id       sin-corner
        name     Sin Corner
        kind     jaso
        key k  initial ㄱ
        key j  initial ㅇ
        key /  initial ㅋ  medial ㅗ       # right hand: initial, or a vowel after an initial
        key f  final ㅍ  medial ㅏ         # left hand: a vowel after an initial, else a final
        key c  final ㄱ  medial ㅔ
        key s  medial ㅖ  final ㄴ         # the two pairs may come in either order
        combine medial ㅗ + medial ㅏ = medial ㅘ
        combine final ㄱ + final ㄱ = final ㄲ   # a final struck twice doubles
        """

    @Test func dualRoleKeysLoadAndChooseTheirJamoFromTheSyllable() throws {
        let layout = try LayoutFile.parse(Self.dualRoleExample, source: "sin-corner.layout")
        let ye = Jamo(rawValue: 0x1168)
        let finalNieun = Jamo(rawValue: 0x11AB)
        let s = try #require(KeyPosition(ascii: UInt8(ascii: "s")))
        #expect(layout.action(at: s) == .dual(ye, finalNieun), "earlier slot first")
        #expect(Typist.text("kfs", layout: layout) == "간")
        #expect(Typist.text("kfcc", layout: layout) == "갂")
        #expect(Typist.text("j/f", layout: layout) == "와")
        #expect(Typist.text("jc", layout: layout) == "에")
        #expect(Typist.text("//", layout: layout) == "코")
        #expect(Typist.text("f", layout: layout) == "ㅍ")
    }

    /// An initial-or-final key (a two-set consonant on a direct layout) is the final after a vowel,
    /// and again the initial once the final cannot take it.
    @Test func anInitialOrFinalKeyIsTheFinalOnlyAfterAVowel() throws {
        let layout = try LayoutFile.parse(
            "id two\nname Two\nkind jaso\nkey r initial ㄱ final ㄱ\nkey s final ㄴ initial ㄴ\nkey k medial ㅏ\n"
                + "combine final ㄱ + final ㄱ = final ㄲ\n",
            source: "two.layout")
        #expect(Typist.text("rks", layout: layout) == "간")
        #expect(Typist.text("rksr", layout: layout) == "간ㄱ")
        #expect(Typist.text("rkrr", layout: layout) == "갂")
        #expect(Typist.text("rrk", layout: layout) == "ㄱ가")
    }

    @Test func optionalDirectivesHaveDefaults() throws {
        let layout = try LayoutFile.parse("id m\nname Mine\nkind jamo\nkey r initial ㄱ", source: "m.layout")
        #expect(layout.aliases == [])
        #expect(layout.koreanName == "Mine")
        #expect(!layout.typesOldHangul)
        #expect(layout.combinations.count == 0)
    }

    /// Letters may be compatibility jamo, conjoining jamo or code points; the slot word picks the
    /// form, so ㄱ is U+1100 as an initial and U+11A8 as a final, and ㄸ as a final is old Hangul.
    @Test func theSlotWordPicksTheFormOfALetter() throws {
        let text = """
            id m
            name Mine
            kind jaso
            old-hangul yes
            key a initial ㄱ
            key b final ㄱ
            key c final ㄸ
            key d initial \u{1100}
            key e medial u+1161
            key f final U+11A8
            """
        let layout = try LayoutFile.parse(text, source: "m.layout")
        #expect(layout.typesOldHangul)
        let values = "abcdef".unicodeScalars.compactMap(KeyPosition.init).map { position -> UInt32 in
            guard case .jamo(let jamo) = layout.action(at: position) else { return 0 }
            return jamo.rawValue
        }
        #expect(values == [0x1100, 0x11A8, 0xD7CD, 0x1100, 0x1161, 0x11A8])
    }

    /// Names are the rest of their line, so they may contain spaces and `#`; a `#` in the first
    /// column comments out the whole line, and a position may itself be `#`.
    @Test func namesKeepTheirHashAndAHashKeyIsAPosition() throws {
        let text = "id m\nname Mine #2\n#kind jamo\nkind jaso\nkey # symbol #  # the hash key types #\nkey k initial ㄱ"
        let layout = try LayoutFile.parse(text, source: "m.layout")
        #expect(layout.name == "Mine #2")
        #expect(layout.action(at: KeyPosition(ascii: UInt8(ascii: "#"))!) == .symbol("#"))
    }

    /// Some editors start UTF-8 files with a byte-order mark; it is not part of the first line.
    @Test func aByteOrderMarkIsIgnored() throws {
        let layout = try LayoutFile.parse("\u{FEFF}id m\nname Mine\nkind jaso\nkey k initial ㄱ\n", source: "m.layout")
        #expect(layout.id == "m")
    }

    /// Files written on Windows end lines with CR LF; a tab separates as well as a space.
    @Test func crlfLineEndingsAndTabsAreAccepted() throws {
        let text = "id\tm\r\nname Mine\r\nkind jaso\r\nkey k\tinitial ㄱ\r\nkey k initial ㄴ\r\n"
        #expect(throws: FileProblem(source: "m.layout", line: 5, reason: "key k is already defined on line 4")) {
            try LayoutFile.parse(text, source: "m.layout")
        }
        let layout = try LayoutFile.parse("id\tm\r\nname Mine\r\nkind jaso\r\nkey k\tinitial ㄱ\r\n", source: "m.layout")
        #expect(layout.id == "m")
        #expect(layout.name == "Mine")
    }

    @Test func aFileJustUnderTheSizeLimitParses() throws {
        let text = "id m\nname Mine\nkind jaso\nkey k initial ㄱ\n"
        let padded = text + String(repeating: "#", count: LayoutFile.maximumSize - text.utf8.count)
        #expect(padded.utf8.count == LayoutFile.maximumSize)
        #expect(try LayoutFile.parse(padded, source: "m.layout").id == "m")
    }
}
