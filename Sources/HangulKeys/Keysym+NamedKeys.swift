// Values from xkbcommon-keysyms.h (the X11 keysymdef.h values), which every frontend sends as is.

extension Keysym {
    /// `BackSpace`: deletes the latest jamo while composing.
    public static let backSpace = Keysym(rawValue: 0xFF08)
    /// `Tab`.
    public static let tab = Keysym(rawValue: 0xFF09)
    /// `Return`.
    public static let `return` = Keysym(rawValue: 0xFF0D)
    /// `Escape`.
    public static let escape = Keysym(rawValue: 0xFF1B)
    /// `Delete` (forward delete).
    public static let delete = Keysym(rawValue: 0xFFFF)
    /// `space`, the Latin-1 character U+0020.
    public static let space = Keysym(rawValue: 0x0020)
    /// `Hangul`: the Korean keyboard's 한/영 key, the default Hangul/Latin toggle.
    public static let hangul = Keysym(rawValue: 0xFF31)
    /// `Hangul_Hanja`: the Korean keyboard's 한자 key.
    public static let hangulHanja = Keysym(rawValue: 0xFF34)
    /// `Pause`: a default fix key (no common application binds it).
    public static let pause = Keysym(rawValue: 0xFF13)
    /// `Left`.
    public static let left = Keysym(rawValue: 0xFF51)
    /// `Up`.
    public static let up = Keysym(rawValue: 0xFF52)
    /// `Right`.
    public static let right = Keysym(rawValue: 0xFF53)
    /// `Down`.
    public static let down = Keysym(rawValue: 0xFF54)
    /// `Home`.
    public static let home = Keysym(rawValue: 0xFF50)
    /// `End`.
    public static let end = Keysym(rawValue: 0xFF57)
    /// `Prior`, also named `Page_Up`.
    public static let pageUp = Keysym(rawValue: 0xFF55)
    /// `Next`, also named `Page_Down`.
    public static let pageDown = Keysym(rawValue: 0xFF56)
    /// `Insert`.
    public static let insert = Keysym(rawValue: 0xFF63)
    /// `KP_Enter`, the keypad's Enter.
    public static let kpEnter = Keysym(rawValue: 0xFF8D)
    /// `Shift_L`.
    public static let shiftL = Keysym(rawValue: 0xFFE1)
    /// `Shift_R`.
    public static let shiftR = Keysym(rawValue: 0xFFE2)
    /// `Control_L`.
    public static let controlL = Keysym(rawValue: 0xFFE3)
    /// `Caps_Lock`.
    public static let capsLock = Keysym(rawValue: 0xFFE5)
    /// `Alt_L`.
    public static let altL = Keysym(rawValue: 0xFFE9)
    /// `F1`; `F2`…`F35` follow it without gaps.
    public static let f1 = Keysym(rawValue: 0xFFBE)
    /// `F9`, the hanja key of keyboards without `Hangul_Hanja`.
    public static let f9 = Keysym(rawValue: 0xFFC6)
}
