/// How much text a key's commit holds: a syllable at a time, as libhangul does, or a whole word
/// (``WordComposer``), as ibus-hangul's `word-commit` and fcitx5-hangul's word mode do.
///
/// The raw values are the names the settings file uses (`commit-unit = "word"`).
public enum CommitUnit: String, Hashable, Sendable, CaseIterable {
    /// Each syllable is committed as soon as the next key cannot join it; the preedit is one syllable.
    case syllable
    /// The preedit holds the whole word until a space, punctuation, a non-Hangul key or a flush.
    case word
}
