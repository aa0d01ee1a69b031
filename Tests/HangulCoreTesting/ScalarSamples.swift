import HangulCore

/// Code point values of every kind a composed text may hold, for tests of the writers that encode
/// one: ASCII that JSON escapes or not, each UTF-8 length at its bounds, surrogates and values past
/// U+10FFFF (which are not scalars and are left out).
public enum ScalarSamples {
    public static let values: [UInt32] = [
        0x00, 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x1F, 0x20, 0x22, 0x2F, 0x41, 0x5C, 0x7F, 0x80, 0x7FF, 0x800, 0x3131,
        0xAC00, 0xD7A3, 0xD7FF, 0xD800, 0xDFFF, 0xE000, 0xFFFF, 0x10000, 0x10FFFF, 0x110000, 0xFFFF_FFFF,
    ]

    /// A composed text of the first ``ComposedText/capacity`` of `values`.
    public static func text(_ values: [UInt32]) -> ComposedText {
        var text = ComposedText()
        for value in values.prefix(ComposedText.capacity) { text.append(value) }
        return text
    }
}
