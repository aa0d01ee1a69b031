import HangulCore

/// The rule that fixes text typed in the wrong input mode (`dkssud` for 안녕, ㅗ디ㅣㅐ for hello),
/// as ``InputContext`` consults it for the fix keys (PROTOCOL.md section 9.7).
///
/// HangulWrongMode implements it over an English word list read at run time; the context only
/// decides when to ask and what to do with the answer, as it does with a ``HanjaDictionarySource``
/// for hanja keys. A protocol rather than the type itself because the rule types keys into an
/// ``InputContext`` to convert, so its module sits above this one.
public protocol WrongModeRule: Sendable {
    /// `text` with each word typed in the wrong mode converted, typed on `layout` with `options`; nil
    /// when the rule cannot run (no word list), which leaves the text alone.
    func fix(_ text: String, layout: Layout, options: ComposerOptions) -> String?

    /// Why the rule cannot run (`path: reason`), for `status`; nil when it can, or will when first
    /// asked (its word list is there but not read yet).
    var unavailableReason: String? { get }
}
