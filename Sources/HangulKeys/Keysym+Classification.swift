extension Keysym {
    /// Whether the keysym is a bare modifier key, which a press leaves without effect (PROTOCOL.md
    /// section 9.1, rule 4).
    ///
    /// A frontend sends a press and a release for these like any key; the input context lets them
    /// through untouched, so holding Shift never commits the syllable being composed. The ranges are
    /// the protocol's: `Shift_L`…`Hyper_R` (0xFFE1…0xFFEE, Caps_Lock, Shift_Lock, Meta, Alt, Super
    /// and Hyper included), `Mode_switch` (0xFF7E), `Num_Lock` (0xFF7F), and `ISO_Lock`…
    /// `ISO_Last_Group_Lock` (0xFE01…0xFE0F) and `ISO_Level5_Shift`…`ISO_Level5_Lock`
    /// (0xFE11…0xFE13): the level shifts, latches and locks and the group keys. 0xFE10 names no key
    /// and is therefore an ordinary named key.
    public var isModifier: Bool {
        switch rawValue {
        case 0xFFE1...0xFFEE, 0xFF7E, 0xFF7F, 0xFE01...0xFE0F, 0xFE11...0xFE13: true
        default: false
        }
    }

    /// Whether the keysym is in the named-key ranges of PROTOCOL.md section 9.1, rule 8: 0xFD00…0xFE4F
    /// (3270 terminal keys, ISO keys such as `ISO_Left_Tab`) and 0xFF00…0xFFFF (`Return`, `Tab`,
    /// `BackSpace`, `Escape`, arrows, `Home`, `Prior`, `F1`…`F35`, keypad keys, `Delete`, input method
    /// keys such as `Hangul_Hanja`, and the modifiers).
    ///
    /// Such a key ends the syllable being composed and goes to the application. Keypad digits are in
    /// the range too: Hangul takes nothing from the keypad. Dead keys (0xFE50…0xFEFF), letters of
    /// other scripts and the XF86 media keys are outside it: they are character keys, read through
    /// their keycode, so that a German or Russian layout's keys still carry their jamo.
    public var isNamedKey: Bool {
        switch rawValue {
        case 0xFD00...0xFE4F, 0xFF00...0xFFFF: true
        default: false
        }
    }

    /// The keysym with an ASCII upper-case letter (`A`…`Z`) turned into its lower-case one; every
    /// other keysym unchanged.
    ///
    /// Toggle keys match letters in either case, and a key without a keycode is recognised on release
    /// by its folded keysym, since Shift may go up before the letter (press `R`, release `r`).
    public var foldingASCIICase: Keysym {
        (0x41...0x5A).contains(rawValue) ? Keysym(rawValue: rawValue | 0x20) : self
    }
}
