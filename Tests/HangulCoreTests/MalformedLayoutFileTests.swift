import HangulCore
import Testing

/// Broken layout files: each is rejected whole, naming the file, the line and what is wrong there in
/// words a layout author can act on.
@Suite struct MalformedLayoutFileTests {
    /// A broken file and the error it must give.
    struct Case: CustomTestStringConvertible, Sendable {
        var problem: String
        var text: String
        var line: Int
        var reason: String
        var testDescription: String { problem }

        /// A valid header (lines 1 to 4) followed by `lines`, so the first of them is line 5.
        init(_ problem: String, after lines: String, line: Int = 5, _ reason: String) {
            self.init(problem, file: "id mine\nname Mine\nkind jaso\nkey k initial ㄱ\n" + lines, line: line, reason)
        }

        init(_ problem: String, file: String, line: Int, _ reason: String) {
            self.problem = problem
            self.text = file
            self.line = line
            self.reason = reason
        }
    }

    static let cases: [Case] = [
        Case(
            "final key on a two-set layout",
            file: "id mine\nname Mine\nkind jamo\nkey r initial ㄱ\nkey x final ㄱ\nkey k medial ㅏ\nkey X final ㄲ\n",
            line: 5,
            "a jamo (two-set) layout types initials and medials and finds finals itself; "
                + "write the consonant as an initial, or use kind jaso"),
        Case(
            "unknown directive", after: "keys f medial ㅏ",
            "unknown directive 'keys'; a line starts with id, alias, name, name-ko, kind, old-hangul, key, combine or #"
        ),
        Case(
            "missing id", file: "name Mine\nkind jaso\nkey k initial ㄱ", line: 0,
            "no id line; add one, e.g. 'id my-layout'"),
        Case(
            "missing name", file: "id mine\nkind jaso\nkey k initial ㄱ", line: 0,
            "no name line; add one, e.g. 'name My Layout'"),
        Case(
            "missing kind", file: "id mine\nname Mine\nkey k initial ㄱ", line: 0,
            "no kind line; add 'kind jamo', 'kind jaso' or 'kind romaja'"),
        Case(
            "bad kind", file: "id mine\nname Mine\nkind sebeolsik\nkey k initial ㄱ", line: 3,
            "unknown kind 'sebeolsik'; use jamo, jaso or romaja"),
        Case("id given twice", after: "id other", "id is given twice"),
        Case("kind given twice", after: "kind jamo", "kind is given twice"),
        Case("alias repeating the id", after: "alias mine", "'mine' is already a name of this layout, on line 1"),
        Case(
            "alias given twice", after: "alias m\nalias m", line: 6, "'m' is already a name of this layout, on line 5"),
        Case(
            "id repeating an earlier alias", file: "alias mine\nid mine\nname Mine\nkind jaso\nkey k initial ㄱ",
            line: 2,
            "'mine' is already a name of this layout, on line 1"),
        Case(
            "id with a dot", file: "id my.layout", line: 1,
            "'my.layout' is not a valid id: use up to 32 letters, digits, - or _"),
        Case(
            "alias too long", after: "alias " + String(repeating: "a", count: 33),
            "'\(String(repeating: "a", count: 33))' is not a valid alias: use up to 32 letters, digits, - or _"),
        Case("kind without a value", file: "id mine\nkind", line: 2, "kind needs a value"),
        Case("name without a value", file: "id mine\nname   ", line: 2, "name needs a value"),
        Case("old-hangul neither yes nor no", after: "old-hangul maybe", "old-hangul is yes or no, not 'maybe'"),
        Case("duplicate key", after: "\n# more keys\nkey k medial ㅏ", line: 7, "key k is already defined on line 4"),
        Case(
            "bad position, a jamo", after: "key ㄱ initial ㄱ",
            "'ㄱ' is not a key position; use the character the key types on US QWERTY (! to ~)"),
        Case(
            "bad position, two characters", after: "key kk initial ㄱ",
            "'kk' is not a key position; use the character the key types on US QWERTY (! to ~)"),
        Case(
            "key line too short", after: "key f medial",
            "a key line is: key POSITION initial|medial|final|symbol VALUE, or for a dual-role key "
                + "key POSITION SLOT LETTER SLOT LETTER"),
        Case(
            "dual-role key naming one slot twice", after: "key c final ㄱ  final ㄲ",
            "a dual-role key gives jamo of two different slots (initial and medial, medial and final, "
                + "or initial and final), not final twice"),
        Case(
            "dual-role key with a symbol", after: "key c final ㄱ  symbol ·",
            "a dual-role key gives two jamo; a symbol key has one value"),
        Case(
            "dual-role key's letter not of its slot", after: "key c final ㄱ  medial ㄴ",
            "ㄴ has no medial form; write a Hangul letter or U+XXXX"),
        Case(
            "dual-role key on a two-set layout",
            file: "id mine\nname Mine\nkind jamo\nkey r initial ㄱ\nkey k medial ㅏ\nkey c initial ㄱ medial ㅔ\n",
            line: 6,
            "dual-role keys are for jaso layouts; a jamo layout's composer decides slots itself: give the key "
                + "one jamo, or use kind jaso"),
        Case(
            "dual-role key with a word after it", after: "key c final ㄱ  medial ㅔ  ㅖ",
            "unexpected 'ㅖ'; start a comment with #"),
        Case("unknown slot", after: "key f vowel ㅏ", "unknown slot 'vowel'; use initial, medial or final"),
        Case("vowel as an initial", after: "key f initial ㅏ", "ㅏ has no initial form; write a Hangul letter or U+XXXX"),
        Case("consonant as a medial", after: "key f medial ㄱ", "ㄱ has no medial form; write a Hangul letter or U+XXXX"),
        Case(
            "cluster as an initial", after: "key f initial ㄳ", "ㄳ has no initial form; write a Hangul letter or U+XXXX"),
        Case("Latin letter as a final", after: "key f final a", "a has no final form; write a Hangul letter or U+XXXX"),
        Case("conjoining medial as an initial", after: "key f initial U+1161", "U+1161 is not an initial jamo"),
        Case("conjoining initial as a medial", after: "key f medial U+1100", "U+1100 is not a medial jamo"),
        Case("conjoining initial as a final", after: "key f final U+1100", "U+1100 is not a final jamo"),
        Case("filler as a letter", after: "key f medial U+1160", "U+1160 is a filler, not a letter"),
        Case(
            "symbol that is a compatibility jamo", after: "key 1 symbol ㄱ",
            "ㄱ is a Hangul letter; use initial, medial or final instead of symbol"),
        Case(
            "symbol that is a conjoining jamo", after: "key 1 symbol U+11A8",
            "U+11A8 is a Hangul letter; use initial, medial or final instead of symbol"),
        Case(
            "symbol that is a control character", after: "key 1 symbol U+0085", "a symbol must be a printable character"
        ),
        Case(
            "duplicate combine pair",
            after: "combine initial ㄱ + initial ㄱ = initial ㄲ\ncombine initial ㄱ + initial ㄱ = initial ㅋ", line: 6,
            "this pair is already combined on line 5"),
        Case(
            "combine line without =", after: "combine initial ㄱ + initial ㄱ initial ㄲ",
            "a combine line is: combine SLOT LETTER + SLOT LETTER = SLOT LETTER"),
        Case(
            "combine with a bad slot", after: "combine initial ㄱ + vowel ㄱ = initial ㄲ",
            "unknown slot 'vowel'; use initial, medial or final"),
        Case(
            "U+ code too short", after: "key f medial U+116",
            "'U+116' is not a code point; write U+ and 4 to 6 hex digits"),
        Case(
            "U+ code too long", after: "key f medial U+0001161",
            "'U+0001161' is not a code point; write U+ and 4 to 6 hex digits"),
        Case(
            "U+ code not hex", after: "key f medial U+11G1",
            "'U+11G1' is not a code point; write U+ and 4 to 6 hex digits"),
        Case(
            "U+ code a surrogate", after: "key 1 symbol U+D800",
            "'U+D800' is not a code point; write U+ and 4 to 6 hex digits"),
        Case(
            "U+ code beyond Unicode", after: "key 1 symbol U+110000",
            "'U+110000' is not a code point; write U+ and 4 to 6 hex digits"),
        Case(
            "two letters", after: "key f medial ㅏㅏ", "'ㅏㅏ' is more than one character; write one letter or U+XXXX"),
        Case(
            "no jamo keys", file: "id mine\nname Mine\nkind jaso\nkey 1 symbol !", line: 0,
            "no key types a jamo; add key lines such as 'key r initial ㄱ'"),
        Case(
            "trailing junk after a value", after: "old-hangul no please", "unexpected 'please'; start a comment with #"),
        Case("trailing junk after a key", after: "key f medial ㅏ ㅓ", "unexpected 'ㅓ'; start a comment with #"),
        Case(
            "trailing junk after a combination", after: "combine initial ㄱ + initial ㄱ = initial ㄲ ㄲ",
            "unexpected 'ㄲ'; start a comment with #"),
        Case(
            "too large", file: String(repeating: "#", count: LayoutFile.maximumSize + 1), line: 0,
            "is 262145 bytes; a layout file is at most 262144"),
    ]

    @Test(arguments: cases)
    func aBrokenFileIsRejectedWithItsFileLineAndReason(_ broken: Case) {
        #expect(throws: FileProblem(source: "layouts/mine.layout", line: broken.line, reason: broken.reason)) {
            try LayoutFile.parse(broken.text, source: "layouts/mine.layout")
        }
    }

    /// The message is the `file:line: reason` form editors make clickable; a problem with the file
    /// as a whole has no line.
    @Test func theErrorReadsAsFileLineReason() {
        #expect(
            FileProblem(source: "a.layout", line: 5, reason: "key k is already defined on line 4").description
                == "a.layout:5: key k is already defined on line 4")
        #expect(
            FileProblem(source: "a.layout", line: 0, reason: "no id line; add one, e.g. 'id my-layout'").description
                == "a.layout: no id line; add one, e.g. 'id my-layout'")
    }

    /// The first error wins, even when a later line is broken too, and it is reported before any
    /// check of the file as a whole.
    @Test func theFirstBrokenLineIsTheOneReported() {
        #expect(throws: FileProblem(source: "m", line: 2, reason: "kind needs a value")) {
            try LayoutFile.parse("name Mine\nkind\nkey f vowel ㅏ", source: "m")
        }
    }
}
