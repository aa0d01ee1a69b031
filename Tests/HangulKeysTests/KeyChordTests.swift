import HangulKeys
import Testing

/// The chord notation of the protocol's `toggle-keys` (PROTOCOL.md section 9.3).
@Suite struct KeyChordTests {
    @Test(arguments: [
        ("Hangul", "Hangul"), ("Shift+space", "Shift+space"), ("ctrl+space", "Control+space"),
        ("SUPER+ctrl+Hangul", "Control+Super+Hangul"), ("altgr+mod1+Shift+a", "Shift+Alt+AltGr+a"),
        ("Mod5+Mod4+F9", "Super+AltGr+F9"), ("Page_Up", "Prior"), ("0xff31", "Hangul"), ("U20AC", "U20AC"),
    ])
    func notationReadsAndWritesCanonically(written: String, canonical: String) throws {
        let chord = try KeyChord(notation: written)
        #expect(chord.notation == canonical)
        #expect(chord.description == canonical)
        #expect(try KeyChord(notation: canonical) == chord)
    }

    @Test(arguments: [
        ("", KeyChord.NotationError.emptyKeysymName), ("Shift+", .emptyKeysymName),
        ("Hyper+space", .unknownModifier("Hyper")), ("Lock+space", .unknownModifier("Lock")),
        ("Mod2+space", .unknownModifier("Mod2")), ("+space", .unknownModifier("")),
        ("hangul", .unknownKeysymName("hangul")), ("Shift+Hangl", .unknownKeysymName("Hangl")),
        ("Hyper+Hangl", .unknownModifier("Hyper")),
    ])
    func badNotationSaysWhatIsWrong(written: String, error: KeyChord.NotationError) {
        #expect(throws: error) { try KeyChord(notation: written) }
    }

    /// Key notation and chords share one table of modifier spellings, so AltGr names Mod5 in both.
    @Test func keyNotationTakesTheSameModifierSpellings() throws {
        #expect(try KeyNotation.parse("<AltGr+q>").map(\.notation) == ["<Mod5+q>"])
        #expect(try KeyNotation.parse("<ctrl+a>") == KeyNotation.parse("<Control+a>"))
        #expect(try KeyChord(notation: "AltGr+q").modifiers == .mod5)
    }
}
