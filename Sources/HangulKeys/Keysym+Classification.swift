extension Keysym {
    /// Whether the keysym is a modifier key (`Shift_L`, `Control_R`, `Caps_Lock`, `Alt_L`, `Meta_L`,
    /// `Super_L`, `Hyper_L`, `ISO_Level3_Shift`, `ISO_Level5_Shift`, `Mode_switch`, `Num_Lock`, …).
    ///
    /// A frontend sends a press and a release for these like any key; the input context lets them
    /// through untouched, so holding Shift never commits the syllable being composed. The ranges are
    /// those libxkbcommon itself treats as modifiers: `Shift_L`…`Hyper_R`, `ISO_Lock`…
    /// `ISO_Level5_Lock` (level shifts, latches, locks and group keys), `Mode_switch` and `Num_Lock`.
    public var isModifier: Bool {
        switch rawValue {
        case 0xFFE1...0xFFEE, 0xFE01...0xFE13, 0xFF7E, 0xFF7F: true
        default: false
        }
    }

    /// Whether the keysym is a named key that types no text: editing, cursor, function and system
    /// keys (`Return`, `Tab`, `BackSpace`, `Escape`, `Delete`, `Insert`, arrows, `Home`/`End`,
    /// `Prior`/`Next`, `F1`…`F35`, `KP_Enter`, keypad cursor keys, `Menu`, `Print`, `Pause`, input
    /// method keys such as `Hangul_Hanja` and `Multi_key`, and the XF86 media keys).
    ///
    /// Such a key ends the syllable being composed and goes to the application. Dead keys and
    /// letters of other scripts are deliberately not in the set: under a German or Russian layout
    /// they sit on keys that carry jamo, and the keycode decides what they type in Hangul mode.
    /// Keypad digits and operators type text, so only the keypad's non-text keys are listed.
    public var isNonTextKey: Bool {
        switch rawValue {
        case 0xFF08...0xFF0B,  // BackSpace, Tab, Linefeed, Clear
            0xFF0D,  // Return
            0xFF13...0xFF15,  // Pause, Scroll_Lock, Sys_Req
            0xFF1B,  // Escape
            0xFF20...0xFF3F,  // Multi_key, Codeinput, Japanese and Korean input method keys
            0xFF50...0xFF58,  // Home, Left, Up, Right, Down, Prior, Next, End, Begin
            0xFF60...0xFF6B,  // Select, Print, Execute, Insert, Undo, Redo, Menu, Find, Cancel, Help, Break
            0xFF89,  // KP_Tab
            0xFF8D,  // KP_Enter
            0xFF91...0xFF9F,  // KP_F1…KP_F4, KP_Home…KP_Delete
            0xFFBE...0xFFE0,  // F1…F35
            0xFFFF,  // Delete
            0xFE20,  // ISO_Left_Tab (Shift+Tab)
            0x1008_0000...0x1008_FFFF:  // XF86 media, power and application keys
            true
        default:
            false
        }
    }
}
