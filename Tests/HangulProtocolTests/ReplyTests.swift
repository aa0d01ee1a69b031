import HangulCore
import HangulKeys
import HangulProtocol
import Testing

@Suite struct ReplyTests {
    private func line(_ id: RequestID, _ result: some ReplyResult) -> String {
        String(decoding: Reply.line(id: id, result: result), as: UTF8.self)
    }

    private let defaultOptions =
        #"{"layout":"2","auto-reorder":false,"combi-on-double-stroke":false,"non-choseong-combi":true,"#
        + #""extended-vowels":true,"output":"syllables","toggle-keys":["Hangul","Shift+space"],"escape-to-latin":false,"hanja-keys":["Hangul_Hanja","F9"],"#
        + #""commit-unit":"syllable","hangul-keys":[],"latin-keys":[],"fix-keys":["Shift+Hangul","Pause"],"auto-fix":false}"#

    @Test func keyRepliesListHandledCommitPreeditMode() {
        let result = KeyResult(handled: true, commit: ComposedText("안"), preedit: ComposedText("ㄴ"), mode: .hangul)
        #expect(
            line(.integer(5), KeyStateResult(result, page: nil))
                == #"{"id":5,"result":{"handled":true,"commit":"안","preedit":"ㄴ","mode":"hangul"}}"# + "\n")
        let passed = KeyResult(handled: false, preedit: ComposedText(), mode: .latin)
        #expect(
            line(.string("k"), KeyStateResult(passed, page: nil))
                == #"{"id":"k","result":{"handled":false,"commit":"","preedit":"","mode":"latin"}}"# + "\n")
    }

    @Test func stateRepliesListCommitPreeditMode() {
        #expect(
            line(.integer(-1), StateResult(commit: "가", preedit: "", mode: .latin))
                == #"{"id":-1,"result":{"commit":"가","preedit":"","mode":"latin"}}"# + "\n")
    }

    @Test func optionRepliesCarryEveryOptionInOrder() {
        #expect(
            line(.integer(1), OptionsResult(state: nil, options: SessionOptions()))
                == #"{"id":1,"result":{"options":"# + defaultOptions + "}}\n")
        var options = SessionOptions()
        options[.autoReorder] = true
        options[.output] = "jamo"
        options[.toggleKeys] = [KeyChord(keysym: .hangul, modifiers: [.mod5, .shift])]
        options[.escapeToLatin] = true
        let state = StateResult(commit: "ㄱ", preedit: "", mode: .hangul)
        #expect(
            line(.integer(2), OptionsResult(state: state, options: options))
                == #"{"id":2,"result":{"commit":"ㄱ","preedit":"","mode":"hangul","options":{"layout":"2","#
                + #""auto-reorder":true,"combi-on-double-stroke":false,"non-choseong-combi":true,"extended-vowels":true,"#
                + #""output":"jamo","toggle-keys":["Shift+AltGr+Hangul"],"escape-to-latin":true,"#
                + #""hanja-keys":["Hangul_Hanja","F9"],"commit-unit":"syllable","hangul-keys":[],"latin-keys":[],"fix-keys":["Shift+Hangul","Pause"],"auto-fix":false}}}"#
                + "\n")
        #expect(SessionOptions.names.count == 14)
    }

    @Test func helloRepliesListEverythingInTheDocumentedOrder() {
        #expect(
            line(.integer(1), HelloResult(layouts: LayoutCatalog.builtIn.entries.map(LayoutSummary.init)))
                == #"{"id":1,"result":{"protocol":1,"server":{"name":"hanguld","version":"0.1.0"},"mode":"hangul","#
                + #""options":"# + defaultOptions
                + #","layouts":[{"id":"2","aliases":["dubeolsik"],"name":"Dubeolsik","korean_name":"두벌식","kind":"jamo","origin":"built-in"},{"id":"2y","aliases":["dubeolsik-yetgeul"],"name":"Dubeolsik Yetgeul","korean_name":"두벌식 옛글","kind":"jamo","origin":"built-in"},{"id":"32","aliases":["sebeolsik-dubeolsik"],"name":"Sebeolsik Dubeol Layout","korean_name":"세벌식 두벌자판","kind":"jaso","origin":"built-in"},{"id":"39","aliases":["sebeolsik-390"],"name":"Sebeolsik 390","korean_name":"세벌식 390","kind":"jaso","origin":"built-in"},{"id":"3f","aliases":["sebeolsik-final"],"name":"Sebeolsik Final","korean_name":"세벌식 최종","kind":"jaso","origin":"built-in"},{"id":"3s","aliases":["sebeolsik-noshift"],"name":"Sebeolsik Noshift","korean_name":"세벌식 순아래","kind":"jaso","origin":"built-in"},{"id":"3y","aliases":["sebeolsik-yetgeul"],"name":"Sebeolsik Yetgeul","korean_name":"세벌식 옛글","kind":"jaso","origin":"built-in"},{"id":"3sin-p2","aliases":["sinsebeolsik-p2"],"name":"Sin-sebeolsik P2","korean_name":"신세벌식 P2","kind":"jaso","origin":"built-in"},{"id":"3sin-1995","aliases":["sinsebeolsik-1995"],"name":"Sin-sebeolsik 1995","korean_name":"신세벌식 1995","kind":"jaso","origin":"built-in"},{"id":"ro","aliases":["romaja"],"name":"Romaja","korean_name":"로마자","kind":"romaja","origin":"built-in"},{"id":"ahn","aliases":["ahnmatae"],"name":"Ahnmatae","korean_name":"안마태","kind":"jaso","origin":"built-in"}],"#
                + #""capabilities":{"methods":["hello","key","reset","cancel","set_options","get_options","set_mode","#
                + #""toggle","set_content_type","ping","status","reload","set_surrounding_text","select_candidate","close_candidates","list_options","set_focus","focused_mode"],"max_line_bytes":65536,"max_pending_requests":1024}}}"#
                + "\n")
    }

    @Test func pingRepliesAreEmpty() {
        #expect(line(.integer(3), EmptyResult()) == #"{"id":3,"result":{}}"# + "\n")
    }

    @Test func patchesChangeOnlyWhatTheyName() {
        let patch: OptionsPatch = [.nonChoseongCombi: false, .escapeToLatin: true]
        let patched = SessionOptions().applying(patch)
        var expected = SessionOptions()
        expected[.nonChoseongCombi] = false
        expected[.escapeToLatin] = true
        #expect(patched == expected)
        #expect(SessionOptions().applying(OptionsPatch()) == SessionOptions())
    }
}
