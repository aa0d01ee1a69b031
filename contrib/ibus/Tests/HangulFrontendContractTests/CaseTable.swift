import Glibc
import HangulFrontendContract
import HangulKeys
import HangulProtocol
import HangulSystem
import Testing

/// The frontend contract's case table, `contrib/testing/frontend-contract-cases.json`: the cases
/// every frontend's pure contract is tested from (the fcitx5 addon's C++ contract reads the same
/// file), so the frontends agree on PROTOCOL.md section 8 by construction. The file says what its
/// steps and effects mean.
enum CaseTable {
    /// One case of the table, named by its sentence.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let steps: [JSONValue]
        var testDescription: String { name }
    }

    /// `contrib/testing/`, found from this file's place in `contrib/ibus/Tests/HangulFrontendContractTests/`.
    static let path: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)
        return parts.joined(separator: "/") + "/testing/frontend-contract-cases.json"
    }()

    static let table: JSONValue = {
        guard let file = fopen(path, "rb") else { fatalError("cannot open \(path): the case table must be there") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&chunk, 1, chunk.count, file)
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        do {
            return try JSONParser.parse(bytes, maxBytes: 1 << 22)
        } catch {
            fatalError("\(path) is not JSON: \(error)")
        }
    }()

    /// The cases of one section; a chord case is its own one step.
    static func cases(_ section: String) -> [Case] {
        guard case .array(let list) = table[section] ?? .null else { return [] }
        return list.map { testCase in
            guard let name = testCase["name"]?.stringValue else {
                fatalError("a case in \(section) of \(path) has no name")
            }
            guard case .array(let steps) = testCase["steps"] ?? .array([testCase]) else {
                fatalError("the case \(name) of \(path) has no steps")
            }
            return Case(name: name, steps: steps)
        }
    }

    /// A page as the table writes it.
    static func json(_ page: CandidatePage) -> JSONValue {
        .object([
            (
                "items",
                .array(page.items.map { .object([("value", .string($0.value)), ("meaning", .string($0.meaning))]) })
            ),
            ("start", .integer(Int64(page.start))), ("highlight", .integer(Int64(page.highlight))),
            ("total", .integer(Int64(page.total))),
        ])
    }

    /// An effect as the table writes it; nil for a forwarded key, which the table does not have.
    static func json(_ output: FrontendOutput) -> JSONValue? {
        switch output {
        case .preedit(let text): .object([("preedit", .string(text))])
        case .deleteBefore(let count): .object([("delete_before", .integer(Int64(count)))])
        case .commit(let text): .object([("commit", .string(text))])
        case .showCandidates(let page): .object([("show_candidates", json(page))])
        case .hideCandidates: .object([("hide_candidates", .bool(true))])
        case .mode(let isHangul): .object([("mode", .string(isHangul ? "hangul" : "latin"))])
        case .forwardKey: nil
        }
    }
}

@Suite struct CaseTableTests {
    @Test func theTableHasCasesForBothParts() {
        #expect(CaseTable.cases("contract").count >= 20)
        #expect(CaseTable.cases("chords").count >= 10)
        #expect(CaseTable.cases("reconnect").count >= 3)
    }

    @Test(arguments: CaseTable.cases("contract"))
    func contract(_ testCase: CaseTable.Case) throws {
        var contract = FrontendContract()
        for (index, step) in testCase.steps.enumerated() {
            let outputs: [FrontendOutput]
            if let reply = step["reply"] {
                outputs = contract.apply(try KeyReply(parsing: reply))
            } else if step["fail_open"] != nil {
                outputs = contract.failOpen()
            } else if step["forget_preedit"] != nil {
                contract.forgetPreedit()
                outputs = []
            } else if step["hide_candidates"] != nil {
                outputs = contract.hideCandidates()
            } else {
                Issue.record("step \(index + 1): no action these tests know")
                return
            }
            if let effects = step["effects"] {
                #expect(JSONValue.array(outputs.compactMap(CaseTable.json)) == effects, "step \(index + 1)")
            }
            if let preedit = step["shown_preedit"] {
                #expect(.string(contract.shownPreedit) == preedit, "step \(index + 1)")
            }
            if let candidates = step["shown_candidates"] {
                #expect(contract.shownCandidates.map(CaseTable.json) ?? .null == candidates, "step \(index + 1)")
            }
        }
    }

    @Test(arguments: CaseTable.cases("chords"))
    func chord(_ testCase: CaseTable.Case) throws {
        let chordCase = try #require(testCase.steps.first)
        let notation = try #require(chordCase["notation"]?.stringValue)
        let chord = try? KeyChord(notation: notation)
        guard let keysym = chordCase["keysym"]?.integerValue else {
            #expect(chord == nil, "\(notation) read as \(String(describing: chord))")
            return
        }
        let read = try #require(chord, "\(notation) not read")
        #expect(Int64(read.keysym.rawValue) == keysym)
        #expect(Int64(read.modifiers.rawValue) == chordCase["modifiers"]?.integerValue)
        guard case .array(let presses) = chordCase["presses"] ?? .array([]) else { return }
        for press in presses {
            let pressed = try #require(press["keysym"]?.integerValue)
            let held = try #require(press["modifiers"]?.integerValue)
            let matches =
                read.matches(keysym: Keysym(rawValue: UInt32(pressed)), modifiers: ModifierMask(rawValue: UInt32(held)))
            #expect(matches == press["matches"]?.boolValue, "press \(pressed) with \(held)")
        }
    }

    @Test(arguments: CaseTable.cases("reconnect"))
    func reconnect(_ testCase: CaseTable.Case) {
        var rule = ReconnectRule()
        let start = MonotonicInstant.now
        for step in testCase.steps {
            guard let at = step["at"]?.integerValue else {
                Issue.record("a step without `at`")
                return
            }
            let now = start + .milliseconds(at)
            switch step["event"]?.stringValue {
            case "timed_out": rule.timedOut(at: now)
            case "answered": rule.answered()
            case nil: break
            case let other?: Issue.record("unknown event \(other)")
            }
            if let silent = step["silent"]?.boolValue {
                #expect(rule.isSilent(at: now) == silent, "at \(at) ms")
            }
            if let timeouts = step["timeouts"]?.integerValue {
                #expect(Int64(rule.timeouts) == timeouts, "at \(at) ms")
            }
        }
    }
}
