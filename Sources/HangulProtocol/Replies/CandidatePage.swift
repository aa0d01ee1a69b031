import HangulHanja
import HangulKeys

/// The open candidate list as a reply shows it (PROTOCOL.md section 5): the page, where it starts,
/// the highlight and the list's length.
///
/// Built only while a list is open, from the session's ``CandidateList``; the strings it holds are
/// the one allocation conversion makes per reply, and typing without a list never makes one.
public struct CandidatePage: Equatable, Sendable {
    /// One candidate: the text a pick inserts and its meaning from the dictionary (may be empty).
    public struct Item: Equatable, Sendable {
        public var value: String
        public var meaning: String

        public init(value: String, meaning: String) {
            self.value = value
            self.meaning = meaning
        }
    }

    /// The page shown, at most ``CandidateList/pageSize`` candidates.
    public var items: [Item]
    /// The index in the whole list of the page's first candidate.
    public var start: Int
    /// The index in the whole list of the highlighted candidate.
    public var highlight: Int
    /// The number of candidates in the whole list.
    public var total: Int

    public init(items: [Item], start: Int, highlight: Int, total: Int) {
        self.items = items
        self.start = start
        self.highlight = highlight
        self.total = total
    }

    /// The page an open list shows.
    public init(_ list: CandidateList) {
        self.init(
            items: list.page.map { Item(value: list.candidates[$0].value, meaning: list.candidates[$0].comment) },
            start: list.pageStart, highlight: list.highlighted, total: list.candidates.count)
    }

    func write(to writer: inout JSONWriter) {
        writer.raw(#"{"items":["#)
        for (index, item) in items.enumerated() {
            writer.raw(index == 0 ? #"{"value":"# : #",{"value":"#)
            writer.string(item.value)
            writer.raw(#","meaning":"#)
            writer.string(item.meaning)
            writer.raw("}")
        }
        writer.raw(#"],"start":"#)
        writer.integer(Int64(start))
        writer.raw(#","highlight":"#)
        writer.integer(Int64(highlight))
        writer.raw(#","total":"#)
        writer.integer(Int64(total))
        writer.raw("}")
    }

    init(reading reader: ResultReader) throws(ReplyParseError) {
        var items: [Item] = []
        for (index, element) in try reader.array("items").enumerated() {
            let item = try ResultReader(element, path: "\(reader.path).items[\(index)]")
            items.append(Item(value: try item.string("value"), meaning: try item.string("meaning")))
        }
        self.init(
            items: items, start: Int(try reader.integer("start")), highlight: Int(try reader.integer("highlight")),
            total: Int(try reader.integer("total")))
    }
}
