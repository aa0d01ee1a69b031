import HangulCore

extension HelloResult {
    /// The most bytes `hello`'s `layouts` array may take: the rest of the reply (an id of at most
    /// 256 bytes, escaped, the options with 16 toggle and 16 hanja keys, the capabilities) stays
    /// well under the other 16 KiB, so `hello` always fits the protocol's 65536-byte line
    /// (PROTOCOL.md sections 3 and 10). The nine built-in layouts take about 1 KB; a user layout
    /// about 150 bytes, so some 300 user layouts fit.
    public static let maximumLayoutsBytes = 48 * 1024

    /// The catalog whose layouts fit ``maximumLayoutsBytes`` in `hello`, and why each layout left
    /// out was (one problem per layout, naming its file).
    ///
    /// Layouts are taken in the catalog's order: the built-ins and the user's overrides of them
    /// always, then user layouts while they fit, so which ones are offered depends only on the
    /// files, and the first (in name order) win. Before this bound, 400 user layouts made a `hello`
    /// of 70 KB, which the fcitx5 addon refused as a broken daemon (issue 23, fault 10).
    public static func fitting(_ catalog: LayoutCatalog) -> (catalog: LayoutCatalog, leftOut: [FileProblem]) {
        var writer = JSONWriter(capacity: 1024)
        var total = 2  // the brackets
        var leftOut: [FileProblem] = []
        var kept: [Bool] = []
        for entry in catalog.entries {
            writer.removeAll()
            LayoutSummary(entry).write(to: &writer)
            let size = writer.bytes.count + (total > 2 ? 1 : 0)  // and the comma before it
            let isUsers = entry.source != .builtIn && !entry.overridesBuiltIn
            if isUsers && total + size > maximumLayoutsBytes {
                kept.append(false)
                leftOut.append(
                    FileProblem(
                        source: entry.source.description, line: 0,
                        reason:
                            "left out: the layouts before it already fill hello's list (\(maximumLayoutsBytes) bytes "
                            + "at most, so that every reply fits the protocol's \(Wire.maxLineBytes)-byte line); "
                            + "remove layout files you do not use"))
                continue
            }
            kept.append(true)
            total += size
        }
        guard !leftOut.isEmpty else { return (catalog, []) }
        var index = 0
        let trimmed = catalog.keeping { _ in
            defer { index += 1 }
            return kept[index]
        }
        return (trimmed, leftOut)
    }
}
