import HangulKeys

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The US reference decoder, compiled once for every test that needs xkb-data.
///
/// Tests that need the data run when it is installed and, when the `CI` environment variable is set,
/// also when it is missing, so that a CI image without `xkb-data` fails instead of skipping quietly.
public enum TestKeymaps {
    public static let decoder = Result { () throws(KeymapError) -> KeyDecoder in try KeyDecoder() }

    public static let shouldRun: Bool = {
        if case .success = decoder { return true }
        return getenv("CI") != nil
    }()

    /// A German, Dvorak or other keymap, playing a frontend that reports its own layout's keysyms.
    public static func keymap(layout: String, variant: String = "") throws(KeymapError) -> Keymap {
        try Keymap(KeymapNames(layout: layout, variant: variant))
    }
}
