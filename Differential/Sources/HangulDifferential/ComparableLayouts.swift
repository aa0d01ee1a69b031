import HangulCore
import HangulCoreTesting

extension LibhangulContext {
    /// The built-in layouts libhangul has a keyboard for, in listing order: the ones a default run
    /// compares. The others (신세벌식 P2 and 1995) are ours alone, since libhangul takes no new
    /// keyboards; their own tests check them.
    public static var comparableLayouts: [Layout] {
        let known = Set(keyboardIDs)
        return Layout.builtIn.filter { known.contains($0.id) }
    }
}
