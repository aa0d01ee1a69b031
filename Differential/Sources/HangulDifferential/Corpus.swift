import HangulCore
import HangulCoreTesting

/// Real text to type: Korean sentences, one a line, turned into each layout's keys.
public struct Corpus: Sendable {
    /// The sentences, with their line numbers in the file.
    public var lines: [(number: Int, text: String)]

    /// Reads the corpus text: one sentence a line; blank lines and lines starting with `#` are skipped.
    public init(text: String) {
        lines = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            lines.append((index + 1, String(line)))
        }
    }

    /// The key streams that type each sentence on a layout, spelled from the layout's tables (see
    /// ``HangulCoreTesting/KeySpeller``); a character the layout cannot type is left out and counted.
    public func streams(on layout: Layout) -> (streams: [(line: Int, keys: [StreamKey])], untypable: Int) {
        let speller = KeySpeller(layout: layout)
        var untypable = 0
        var streams: [(line: Int, keys: [StreamKey])] = []
        for (number, text) in lines {
            var keys: [StreamKey] = []
            for scalar in text.unicodeScalars {
                guard let spelled = speller.keys(for: scalar) else {
                    untypable += 1
                    continue
                }
                keys += spelled.compactMap { StreamKey(character: $0) }
            }
            streams.append((number, keys))
        }
        return (streams, untypable)
    }
}
