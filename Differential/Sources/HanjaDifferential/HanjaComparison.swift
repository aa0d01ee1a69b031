import HangulHanja

/// Our lookup and libhangul's on one dictionary file, compared key by key.
///
/// Both sides load the same file: ours through ``HangulHanja/HanjaFiles/readTable(_:)`` into a
/// one-table ``HangulHanja/HanjaDictionary`` (the stacking of several files is ours alone and has no
/// libhangul counterpart), libhangul's through `hanja_table_load`. A key agrees when all three
/// match kinds give the same candidates, key, value and comment byte for byte, in the same order.
public struct HanjaComparison {
    /// One key on which the two sides listed different candidates.
    public struct Mismatch: Sendable, CustomStringConvertible {
        public let key: String
        public let kind: HanjaMatchKind
        public let ours: [HanjaEntryBytes]
        public let theirs: [HanjaEntryBytes]

        public var description: String {
            let firstDifference =
                (0..<min(ours.count, theirs.count)).first { ours[$0] != theirs[$0] } ?? min(ours.count, theirs.count)
            func show(_ list: [HanjaEntryBytes]) -> String {
                let shown = list.dropFirst(max(0, firstDifference - 1)).prefix(4).map { "\"\($0)\"" }
                return "\(list.count) candidates; from #\(max(0, firstDifference - 1) + 1): "
                    + shown.joined(separator: ", ")
            }
            return """
                mismatch: \(kind) match of "\(key)" (UTF-8 \(Array(key.utf8).map { String($0, radix: 16) }.joined(separator: " "))): \
                first difference at candidate #\(firstDifference + 1)
                  ours:      \(show(ours))
                  libhangul: \(show(theirs))
                """
        }
    }

    public let path: String
    public let table: HanjaTable
    private let ours: HanjaDictionary
    private let theirs: LibhangulHanjaTable
    private var candidates = HanjaCandidates()

    /// Loads `path` on both sides; throws a message when either cannot.
    public init(path: String) throws(HanjaDifferentialError) {
        do {
            table = try HanjaFiles.readTable(path)
        } catch {
            throw HanjaDifferentialError("our loader cannot read \(error); install libhangul-data (scripts/setup)")
        }
        guard let theirs = LibhangulHanjaTable(path: path) else {
            throw HanjaDifferentialError("libhangul cannot load \(path) (hanja_table_load returned NULL)")
        }
        self.path = path
        self.ours = HanjaDictionary(tables: [table])
        self.theirs = theirs
    }

    /// Compares all three match kinds on `key`; returns the mismatches (none when both agree) and the
    /// number of candidates compared.
    public mutating func compare(_ key: String) -> (mismatches: [Mismatch], candidates: Int) {
        var mismatches: [Mismatch] = []
        var compared = 0
        for kind in HanjaMatchKind.allCases {
            ours.lookup(key, kind.ours, into: &candidates)
            let (agrees, count) = theirs.agrees(key, kind, with: candidates)
            compared += count
            if agrees { continue }
            let theirList = theirs.match(key, kind)
            mismatches.append(
                Mismatch(key: key, kind: kind, ours: candidates.map(HanjaEntryBytes.init), theirs: theirList))
        }
        return (mismatches, compared)
    }

    /// The distinct keys of a dictionary file in file order, read the simplest way (the text before
    /// the first `:` of each line that is not empty and does not start with `#`), independently of
    /// either side's parser.
    public static func keys(ofFile text: String) -> [String] {
        var seen = Set<Substring>()
        var keys: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) where !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = line[..<colon]
            if !key.isEmpty && seen.insert(key).inserted { keys.append(String(key)) }
        }
        return keys
    }
}

/// A comparison that could not start: a file neither side can read.
public struct HanjaDifferentialError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
