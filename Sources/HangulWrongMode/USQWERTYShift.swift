/// Whether US QWERTY needs Shift for a character: capitals and the upper row of symbols.
enum USQWERTYShift {
    static func needsShift(_ ascii: UInt8) -> Bool {
        (0x41...0x5A).contains(ascii) || Array(#"~!@#$%^&*()_+{}|:"<>?"#.utf8).contains(ascii)
    }
}
