/// Spells text in keys, one character at a time and in order (a speller may depend on what it
/// spelled before, as romaja does).
public protocol KeySpeller {
    /// The keys that type `character` next, or `nil` when the layout cannot type it (it is then
    /// left out of the text).
    mutating func keys(for character: Character) -> [TypedKey]?
}
