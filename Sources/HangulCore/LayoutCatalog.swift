/// The layouts a program offers: the built-in ones, plus user layout files, which may override them.
///
/// A catalog is a value: the executables build one at start-up (built-ins, then the user's layout
/// directory, then `--layout-file`), and hand it to whatever resolves layout ids. Overriding is
/// visible: an entry says where it came from and whether it replaced a built-in layout.
public struct LayoutCatalog: Sendable {
    /// Where a layout came from.
    public enum Source: Sendable, Equatable, CustomStringConvertible {
        case builtIn
        /// A layout file, by the path it was read from.
        case file(String)

        public var description: String {
            switch self {
            case .builtIn: "built-in"
            case .file(let path): path
            }
        }
    }

    /// One layout on offer.
    public struct Entry: Sendable {
        public let layout: Layout
        public let source: Source
        /// Whether this layout took the place of the built-in layout with the same id.
        public let overridesBuiltIn: Bool
    }

    /// Every layout, in listing order: built-ins first (an override keeps its built-in's place).
    public private(set) var entries: [Entry]

    public init(entries: [Entry] = []) { self.entries = entries }

    /// The nine layouts compiled in, parsed once on first use (well under a millisecond each).
    public static let builtIn: LayoutCatalog = {
        var catalog = LayoutCatalog()
        for file in BuiltInLayoutFiles.files {
            do {
                catalog.entries.append(
                    Entry(
                        layout: try LayoutFile.parse(file.text, source: file.name), source: .builtIn,
                        overridesBuiltIn: false))
            } catch {
                preconditionFailure("built-in layout file is broken: \(error)")
            }
        }
        return catalog
    }()

    /// Every layout, in listing order.
    public var layouts: [Layout] { entries.map(\.layout) }

    /// The ids of every layout, for error messages that list them.
    public var ids: [String] { entries.map(\.layout.id) }

    /// The layout with this id or, failing that, with this alias.
    public func layout(named id: String) -> Layout? {
        entries.first { $0.layout.id == id }?.layout ?? entries.first { $0.layout.aliases.contains(id) }?.layout
    }

    /// Adds a layout read from a file. A layout with a built-in's id replaces it in place and also
    /// answers to the built-in's long ids (overriding `3f` overrides `sebeolsik-final`); one with the
    /// id of a layout added earlier from a file is refused (two user files disagreeing is a mistake to
    /// report, not to resolve silently).
    public mutating func add(_ layout: Layout, from source: Source) throws(LayoutFileError) {
        guard let index = entries.firstIndex(where: { $0.layout.id == layout.id }) else {
            entries.append(Entry(layout: layout, source: source, overridesBuiltIn: false))
            return
        }
        guard entries[index].source == .builtIn else {
            throw LayoutFileError(
                source: source.description, line: 0,
                reason: "layout id '\(layout.id)' is already defined by \(entries[index].source)")
        }
        let replaced = entries[index].layout
        entries[index] = Entry(layout: layout.adding(aliases: replaced.aliases), source: source, overridesBuiltIn: true)
    }
}

extension Layout {
    /// Every built-in layout, in the order `--list-layouts` shows them.
    public static var builtIn: [Layout] { LayoutCatalog.builtIn.layouts }

    /// The built-in layout with this id or alias.
    public static func named(_ id: String) -> Layout? { LayoutCatalog.builtIn.layout(named: id) }

    /// The ids of every built-in layout, for error messages that list them.
    public static var knownIDs: [String] { LayoutCatalog.builtIn.ids }

    /// 두벌식 (KS X 5002), libhangul keyboard "2": the default layout.
    public static let dubeolsik: Layout = {
        guard let layout = named("2") else { preconditionFailure("the built-in layouts lack dubeolsik") }
        return layout
    }()
}
