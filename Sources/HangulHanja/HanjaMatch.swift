/// How a key is looked up, with the semantics of libhangul's `hanja_table_match_*` functions.
///
/// Every kind gives the candidates of each matched key in file order; the kinds differ in which keys
/// they try and in what order, and each candidate carries the key it matched, so the caller knows how
/// much of the text a pick replaces.
public enum HanjaMatch: Sendable, Hashable, CaseIterable {
    /// The key itself (`hanja_table_match_exact`): 한 gives 韓, 漢, 寒, … and nothing else.
    case exact
    /// The key, then the key without its last character, and so on down to its first character
    /// (`hanja_table_match_prefix`): 대한민국 tries 대한민국, 대한민, 대한, 대. Longest first, so
    /// the whole word leads; for a preedit or a word being composed.
    case prefix
    /// The key, then the key without its first character, and so on down to its last character
    /// (`hanja_table_match_suffix`): 나대한 tries 나대한, 대한, 한. Longest first: for the text
    /// before the cursor, whose last word the user wants converted, however far back it starts.
    case suffix
}
