import HangulCore

/// The built-in layouts by name, for tests and the harness packages.
///
/// Kept out of HangulCore on purpose: product code resolves names in the catalog it was given (the
/// built-ins plus the user's layout files), and a shortcut to the built-ins alone there is how a
/// user's layout gets silently ignored.
extension Layout {
    /// Every built-in layout, in the order `--list-layouts` shows them.
    public static var builtIn: [Layout] { LayoutCatalog.builtIn.layouts }

    /// The built-in layout with this id or alias.
    public static func named(_ name: String) -> Layout? { LayoutCatalog.builtIn.layout(named: name) }

    /// The ids of every built-in layout, for error messages that list them.
    public static var knownIDs: [String] { LayoutCatalog.builtIn.ids }
}
