import HangulKeys

/// One key the rule types into an ``InputContext``: a keysym and the modifiers held with it.
///
/// The CLI's `KeyPress` is the same pair, but it belongs to the CLI's key notation; the rule lives
/// here, below both the CLI and the daemon, so it keeps its own.
struct TypedKey: Hashable, Sendable {
    var keysym: Keysym
    var modifiers: ModifierMask
}
