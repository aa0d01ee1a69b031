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
    ///
    /// Every id and alias in it names exactly one layout: ``add(_:from:)`` refuses a layout that would
    /// make a name ambiguous, so ``layout(named:)`` and a listing of names (`hello`, `--list-layouts`)
    /// always agree.
    public private(set) var entries: [Entry]

    /// An empty catalog; layouts come in through ``add(_:from:)``, which keeps names unique.
    public init() { entries = [] }

    /// The eleven layouts compiled in: tables generated from `layouts/*.layout` by
    /// `scripts/embed-layouts` (``builtInLayouts()``), so making them parses no text.
    ///
    /// The base a program's catalog starts from, never a stand-in for it: code that resolves the
    /// user's layout names takes the program's catalog as a parameter, since a default of
    /// `.builtIn` there would silently ignore the user's layout files.
    public static let builtIn: LayoutCatalog = {
        var catalog = LayoutCatalog()
        catalog.entries = builtInLayouts().map { Entry(layout: $0, source: .builtIn, overridesBuiltIn: false) }
        return catalog
    }()

    /// Every layout, in listing order.
    public var layouts: [Layout] { entries.map(\.layout) }

    /// The ids of every layout, for error messages that list them.
    public var ids: [String] { entries.map(\.layout.id) }

    /// The layout with this id or alias; names are unique in a catalog, so there is no order to it.
    public func layout(named name: String) -> Layout? {
        entries.first { $0.layout.id == name || $0.layout.aliases.contains(name) }?.layout
    }

    /// The catalog with only the entries `isKept` keeps, in order; built-in layouts and the
    /// user's overrides of them are always kept, whatever it says. Names stay unique, since a
    /// subset of unique names is.
    public func keeping(_ isKept: (Entry) -> Bool) -> LayoutCatalog {
        var result = self
        result.entries = entries.filter { isKept($0) || $0.source == .builtIn || $0.overridesBuiltIn }
        return result
    }

    /// Adds a layout read from a file, keeping every name unique.
    ///
    /// A layout with a built-in's id replaces it in place and also answers to the built-in's long
    /// ids (overriding `3f` overrides `sebeolsik-final`), so a script or frontend setting that names
    /// the long id gets the user's layout too: that is the one way to take a name already in use,
    /// and it is visible (``Entry/overridesBuiltIn``). Any other name already in use (another
    /// layout's id or alias, a built-in's long id included, or a built-in id a user file has already
    /// overridden) rejects the layout whole, naming the line and the layout that has the name.
    /// Rejecting rather than letting one win keeps what a name selects independent of the order the
    /// files were read in, and keeps every listed alias true: before this rule, a user layout with
    /// id `dubeolsik` took that name from 두벌식 without a word while `hello` still listed it there.
    public mutating func add(_ layout: Layout, from source: Source) throws(FileProblem) {
        let replaced = entries.firstIndex { $0.source == .builtIn && $0.layout.id == layout.id }
        for name in layout.names {
            for (index, entry) in entries.enumerated() where index != replaced && entry.layout.names.contains(name) {
                throw FileProblem(
                    source: source.description, line: layout.nameLines[name] ?? 0,
                    reason: Self.clash(name, isID: name == layout.id, with: entry))
            }
        }
        guard let replaced else {
            entries.append(Entry(layout: layout, source: source, overridesBuiltIn: false))
            return
        }
        let builtIn = entries[replaced].layout
        entries[replaced] = Entry(
            layout: layout.adding(aliases: builtIn.aliases), source: source, overridesBuiltIn: true)
    }

    /// Why a name cannot be had, and what to write instead.
    static func clash(_ name: String, isID: Bool, with holder: Entry) -> String {
        let directive = isID ? "id" : "alias"
        switch holder.source {
        case .builtIn:
            // A built-in's own id is never a clash (that is an override), so this is one of its long ids.
            let owner = "built-in layout \(holder.layout.id) (\(holder.layout.name))"
            guard isID else { return "alias '\(name)' already names \(owner); choose another alias" }
            return "id '\(name)' already names \(owner); write 'id \(holder.layout.id)' to replace that layout, "
                + "or choose another id"
        case .file(let path):
            if isID, holder.layout.id == name {
                return "id '\(name)' is already the id of the layout in \(path); give one of the two files another id"
            }
            return
                "\(directive) '\(name)' already names layout \(holder.layout.id) in \(path); choose another \(directive)"
        }
    }
}

extension Layout {
    /// 두벌식 (KS X 5002), libhangul keyboard "2": the default layout.
    public static let dubeolsik: Layout = {
        guard let layout = LayoutCatalog.builtIn.layout(named: "2") else {
            preconditionFailure("the built-in layouts lack dubeolsik")
        }
        return layout
    }()
}
