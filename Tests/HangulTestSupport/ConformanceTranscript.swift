/// A conformance transcript: one connection's lines to send and replies to expect.
///
/// The format is specified in `protocol/conformance/README.md`; `replay.py` there and Swift tests
/// both read it, so one set of files checks any implementation. Lines:
///
/// - `> LINE` send LINE and a newline; `< LINE` the next reply is exactly LINE;
/// - `<?` the next reply may be anything (a `hello` reply outside `hello.txt`);
/// - `<* LINE` zero or more replies exactly LINE (before an error ends a flood);
/// - `!bytes HEX…` send these bytes as they are; `!padded N LINE` send LINE widened with a
///   `"pad"` member to exactly N bytes, newline included; `!fill N` send N bytes of `x` and no
///   newline; `!flood N LINE` send LINE N times without reading; `!hold N` first open N other
///   connections and keep them; `!closed` the server closes now;
/// - `#` comments and blank lines are ignored.
///
/// Sends are buffered and written together when the next expectation needs a reply, so several
/// `>` lines in a row also test that the server splits one read into lines.
public struct ConformanceTranscript: Equatable, Sendable {
    /// The actions with their 1-based line numbers in the file.
    public var steps: [Step]

    /// One action and where it was written.
    public struct Step: Equatable, Sendable {
        public var line: Int
        public var action: Action

        public init(line: Int, action: Action) {
            self.line = line
            self.action = action
        }
    }

    /// Reads a transcript; the first malformed line is reported with its number.
    public init(parsing text: String) throws(SyntaxError) {
        steps = []
        var sentSomething = false
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            let line = String(rawLine)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let action = try Self.action(line, number: number)
            switch action {
            case .hold:
                if sentSomething || steps.contains(where: { if case .hold = $0.action { true } else { false } }) {
                    throw SyntaxError(line: number, message: "!hold must come once, before anything is sent")
                }
            case .send, .sendBytes, .sendPadded, .sendFill, .flood: sentSomething = true
            default: break
            }
            steps.append(Step(line: number, action: action))
        }
    }

    private static func action(_ line: String, number: Int) throws(SyntaxError) -> Action {
        if let rest = line.dropPrefix("> ") { return .send(rest) }
        if line == ">" { return .send("") }
        if let rest = line.dropPrefix("< ") { return .expect(rest) }
        if line == "<?" { return .expectAny }
        if let rest = line.dropPrefix("<* ") { return .expectRepeated(rest) }
        if line == "!closed" { return .expectClosed }
        if let rest = line.dropPrefix("!bytes ") {
            guard let bytes = hexBytes(rest) else {
                throw SyntaxError(line: number, message: "!bytes wants hex byte pairs such as 7b 7d 0a")
            }
            return .sendBytes(bytes)
        }
        if let rest = line.dropPrefix("!fill ") {
            guard let count = Int(rest), count > 0 else {
                throw SyntaxError(line: number, message: "!fill wants a positive byte count")
            }
            return .sendFill(count)
        }
        if let rest = line.dropPrefix("!hold ") {
            guard let count = Int(rest), count > 0 else {
                throw SyntaxError(line: number, message: "!hold wants a positive count")
            }
            return .hold(count)
        }
        if let rest = line.dropPrefix("!padded ") {
            let (count, payload) = splitCount(rest)
            guard let count, let payload, paddedLine(payload, totalBytes: count) != nil else {
                throw SyntaxError(
                    line: number, message: "!padded wants a byte count and a JSON object line shorter than it")
            }
            return .sendPadded(payload, totalBytes: count)
        }
        if let rest = line.dropPrefix("!flood ") {
            let (count, payload) = splitCount(rest)
            guard let count, count > 0, let payload else {
                throw SyntaxError(line: number, message: "!flood wants a positive count and a line")
            }
            return .flood(payload, count: count)
        }
        throw SyntaxError(line: number, message: "a line starts with '> ', '< ', '<?', '<* ', '!' or '#'")
    }

    private static func splitCount(_ text: String) -> (Int?, String?) {
        guard let space = text.firstIndex(of: " ") else { return (nil, nil) }
        return (Int(text[..<space]), String(text[text.index(after: space)...]))
    }

    private static func hexBytes(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        for word in text.split(separator: " ") {
            guard word.count == 2, let byte = UInt8(word, radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes.isEmpty ? nil : bytes
    }

    /// `line` widened to exactly `totalBytes` bytes counting a trailing newline (not included in the
    /// result), by inserting a `"pad":"xxx…"` member before its closing brace; nil when `line` is
    /// not an object or already too long. `replay.py` pads the same way.
    public static func paddedLine(_ line: String, totalBytes: Int) -> String? {
        guard line.hasPrefix("{"), line.hasSuffix("}") else { return nil }
        let head = String(line.dropLast())
        let opening = head == "{" ? #""pad":""# : #","pad":""#
        let fixed = head.utf8.count + opening.utf8.count + 2 + 1  // `"}` and the newline
        guard totalBytes >= fixed else { return nil }
        return head + opening + String(repeating: "x", count: totalBytes - fixed) + "\"}"
    }
}

extension String {
    fileprivate func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
