/// The layout file format: a layout written as text a person can check against a printed keyboard.
///
/// Every built-in layout is such a file compiled in (`layouts/` in the repository), and users add or
/// override layouts with files in the same format. One directive per line; `#` starts a comment
/// line, and ends a `key` or `combine` line:
///
/// ```
/// id          3f                   # what --layout and the protocol take
/// alias       sebeolsik-final      # repeatable
/// name        Sebeolsik Final
/// name-ko     세벌식 최종             # optional; defaults to name
/// kind        jaso                 # jamo (two-set), jaso (keys name the slot), romaja
/// old-hangul  no                   # optional; yes allows old-Hangul finals
///
/// key k  initial ㄱ                # position, slot, letter
/// key f  medial  ㅏ
/// key x  final   ㄱ
/// key 1  symbol  ·                 # typed as is
/// key G  initial U+114C            # a code point where no letter exists
/// key c  final ㄱ  medial ㅔ        # dual-role (갈마들이): jaso layouts only, see DualRole
///
/// combine initial ㄱ + initial ㄱ = initial ㄲ
/// ```
///
/// A position is the character the key types on US QWERTY (`!`…`~`; Shift is part of it). A letter
/// is a compatibility jamo (ㄱ, ㅏ, ㆁ), a conjoining jamo, or `U+XXXX`; the slot word says which
/// form is meant, so ㄱ reads naturally in each slot; a `jamo` layout has no `final` keys, since its
/// composer finds finals itself. A key with two slot-letter pairs is a dual-role key: the two slots
/// must differ, and which pair the key types is the composer's choice when it arrives. The file must be UTF-8 (a byte-order mark is skipped) and at most
/// ``maximumSize`` bytes. The first error rejects the whole file (``FileProblem``).
public enum LayoutFile {
    /// The largest file accepted; the biggest built-in layout is about 20 KiB.
    public static let maximumSize = 256 * 1024

    /// The most `alias` lines a layout may have: every name of every layout is listed in the
    /// daemon's `hello`, whose line has a bound, and one layout with 2,500 aliases made it 90 KB
    /// (issue 23, fault 10). The built-ins have one each.
    public static let maximumAliases = 16

    /// Parses a layout file; `source` names it in errors.
    public static func parse(_ text: String, source: String) throws(FileProblem) -> Layout {
        var parser = Parser(source: source)
        guard text.utf8.count <= maximumSize else {
            throw parser.error(line: 0, "is \(text.utf8.count) bytes; a layout file is at most \(maximumSize)")
        }
        var number = 0
        // Lines and tokens are cut on the UTF-8 bytes: splitting Characters would run grapheme
        // breaking over every byte, which made parsing the nine built-ins several times slower.
        // A line's CR (a file saved on Windows) is dropped in `read`.
        // A byte-order mark, which some editors write at the start of UTF-8 files, is not content.
        let body = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        for rawLine in body.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            number += 1
            try parser.read(Substring(rawLine), line: number)
        }
        return try parser.finish()
    }
}

extension LayoutFile {
    /// The state of one parse: the header read so far, keys and combinations with the line each came
    /// from, so that a duplicate names both lines.
    struct Parser {
        let source: String
        var id: String?
        var aliases: [String] = []
        /// The line of each name (id and aliases), for the catalog's errors and for repeats here.
        var nameLines: [String: Int] = [:]
        var name: String?
        var koreanName: String?
        var kind: Layout.Kind?
        var oldHangul: Bool?
        var keys: [KeyPosition: KeyAction] = [:]
        var keyLines: [KeyPosition: Int] = [:]
        var combinations: [(Jamo, Jamo, Jamo)] = []
        var combinationLines: [UInt64: Int] = [:]

        init(source: String) { self.source = source }

        func error(line: Int, _ reason: String) -> FileProblem {
            FileProblem(source: source, line: line, reason: reason)
        }

        mutating func read(_ rawLine: Substring, line: Int) throws(FileProblem) {
            var content = rawLine
            if content.utf8.last == UInt8(ascii: "\r") { content = Substring(content.utf8.dropLast()) }
            let tokens = content.utf8.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
                .map { Substring($0) }
            guard let directive = tokens.first, !directive.startsComment else { return }
            switch directive {
            case "id":
                try once(id, "id", line: line)
                let value = try identifier(tokens, line: line)
                try claim(value, line: line)
                id = value
            case "alias":
                // `hello` lists every name of every layout in one line (PROTOCOL.md section 10).
                guard aliases.count < LayoutFile.maximumAliases else {
                    throw error(
                        line: line, "a layout has at most \(LayoutFile.maximumAliases) aliases; keep the names you use")
                }
                let value = try identifier(tokens, line: line)
                try claim(value, line: line)
                aliases.append(value)
            case "name":
                try once(name, "name", line: line)
                name = try text(after: directive, in: content, line: line)
            case "name-ko":
                try once(koreanName, "name-ko", line: line)
                koreanName = try text(after: directive, in: content, line: line)
            case "kind":
                try once(kind, "kind", line: line)
                let value = try single(tokens, line: line)
                guard let parsed = Layout.Kind(rawValue: String(value)) else {
                    throw error(line: line, "unknown kind '\(value)'; use jamo, jaso or romaja")
                }
                kind = parsed
            case "old-hangul":
                try once(oldHangul, "old-hangul", line: line)
                switch try single(tokens, line: line) {
                case "yes": oldHangul = true
                case "no": oldHangul = false
                case let value: throw error(line: line, "old-hangul is yes or no, not '\(value)'")
                }
            case "key":
                try readKey(tokens, line: line)
            case "combine":
                try readCombination(tokens, line: line)
            default:
                throw error(
                    line: line,
                    "unknown directive '\(directive)'; a line starts with id, alias, name, name-ko, kind, "
                        + "old-hangul, key, combine or #")
            }
        }

        func once(_ value: (some Any)?, _ directive: String, line: Int) throws(FileProblem) {
            if value != nil { throw error(line: line, "\(directive) is given twice") }
        }

        /// Records a name the file gives its layout; the same name twice (an alias repeating the id
        /// or another alias) is a slip worth pointing at, since one name can select one layout only.
        mutating func claim(_ name: String, line: Int) throws(FileProblem) {
            if let earlier = nameLines[name] {
                throw error(line: line, "'\(name)' is already a name of this layout, on line \(earlier)")
            }
            nameLines[name] = line
        }

        /// The one value of a header line; anything after it must be a comment.
        func single(_ tokens: [Substring], line: Int) throws(FileProblem) -> Substring {
            guard tokens.count >= 2 else { throw error(line: line, "\(tokens[0]) needs a value") }
            try expectEnd(tokens, after: 2, line: line)
            return tokens[1]
        }

        func identifier(_ tokens: [Substring], line: Int) throws(FileProblem) -> String {
            let value = try single(tokens, line: line)
            let allowed = value.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "-"
                    || $0 == "_"
            }
            guard allowed, value.utf8.count <= 32 else {
                throw error(
                    line: line, "'\(value)' is not a valid \(tokens[0]): use up to 32 letters, digits, - or _")
            }
            return String(value)
        }

        /// The rest of the line after the directive, for names, which may contain spaces and `#`.
        func text(after directive: Substring, in content: Substring, line: Int) throws(FileProblem) -> String {
            let rest = content[directive.endIndex...].drop { $0 == " " || $0 == "\t" }
            var value = String(rest)
            while let last = value.last, last == " " || last == "\t" { value.removeLast() }
            guard !value.isEmpty else { throw error(line: line, "\(directive) needs a value") }
            guard value.count <= 100 else { throw error(line: line, "\(directive) is longer than 100 characters") }
            return value
        }

        func expectEnd(_ tokens: [Substring], after count: Int, line: Int) throws(FileProblem) {
            if tokens.count > count, !tokens[count].startsComment {
                throw error(line: line, "unexpected '\(tokens[count])'; start a comment with #")
            }
        }

        mutating func readKey(_ tokens: [Substring], line: Int) throws(FileProblem) {
            guard tokens.count >= 4 else {
                throw error(
                    line: line,
                    "a key line is: key POSITION initial|medial|final|symbol VALUE, or for a dual-role key "
                        + "key POSITION SLOT LETTER SLOT LETTER")
            }
            let isDual = tokens.count >= 6 && !tokens[4].startsComment
            try expectEnd(tokens, after: isDual ? 6 : 4, line: line)
            guard let scalar = tokens[1].onlyScalar, let position = KeyPosition(scalar)
            else {
                throw error(
                    line: line,
                    "'\(tokens[1])' is not a key position; use the character the key types on US QWERTY (! to ~)")
            }
            if let first = keyLines[position] {
                throw error(line: line, "key \(position) is already defined on line \(first)")
            }
            let action: KeyAction
            if isDual {
                action = try dual(tokens, line: line)
            } else if tokens[2] == "symbol" {
                action = .symbol(try symbol(tokens[3], line: line))
            } else {
                action = .jamo(try jamo(slot: tokens[2], letter: tokens[3], line: line))
            }
            keys[position] = action
            keyLines[position] = line
        }

        /// A dual-role key's two slot-letter pairs, in either order; stored earlier slot first.
        func dual(_ tokens: [Substring], line: Int) throws(FileProblem) -> KeyAction {
            guard tokens[2] != "symbol", tokens[4] != "symbol" else {
                throw error(line: line, "a dual-role key gives two jamo; a symbol key has one value")
            }
            let one = try jamo(slot: tokens[2], letter: tokens[3], line: line)
            let other = try jamo(slot: tokens[4], letter: tokens[5], line: line)
            guard let oneSlot = one.slot, let otherSlot = other.slot, oneSlot != otherSlot else {
                throw error(
                    line: line,
                    "a dual-role key gives jamo of two different slots (initial and medial, medial and final, "
                        + "or initial and final), not \(tokens[2]) twice")
            }
            return oneSlot.rawValue < otherSlot.rawValue ? .dual(one, other) : .dual(other, one)
        }

        mutating func readCombination(_ tokens: [Substring], line: Int) throws(FileProblem) {
            guard tokens.count >= 9, tokens[3] == "+", tokens[6] == "=" else {
                throw error(
                    line: line, "a combine line is: combine SLOT LETTER + SLOT LETTER = SLOT LETTER")
            }
            try expectEnd(tokens, after: 9, line: line)
            let first = try jamo(slot: tokens[1], letter: tokens[2], line: line)
            let second = try jamo(slot: tokens[4], letter: tokens[5], line: line)
            let result = try jamo(slot: tokens[7], letter: tokens[8], line: line)
            let key = UInt64(first.rawValue) << 32 | UInt64(second.rawValue)
            if let earlier = combinationLines[key] {
                throw error(line: line, "this pair is already combined on line \(earlier)")
            }
            combinationLines[key] = line
            combinations.append((first, second, result))
        }

        func jamo(slot word: Substring, letter: Substring, line: Int) throws(FileProblem) -> Jamo {
            let slot: JamoSlot
            switch word {
            case "initial": slot = .choseong
            case "medial": slot = .jungseong
            case "final": slot = .jongseong
            default:
                throw error(line: line, "unknown slot '\(word)'; use initial, medial or final")
            }
            let scalar = try self.scalar(letter, line: line)
            if let own = JamoSlot(of: scalar.value) {
                guard own == slot else {
                    throw error(line: line, "\(letter) is not \(slotName(slot, article: true)) jamo")
                }
                guard scalar.value != 0x115F, scalar.value != 0x1160 else {
                    throw error(line: line, "\(letter) is a filler, not a letter")
                }
                return Jamo(rawValue: scalar.value)
            }
            let value = JamoTables.compatibilityToConjoining(scalar.value, slot)
            guard value != 0 else {
                throw error(line: line, "\(letter) has no \(slotName(slot)) form; write a Hangul letter or U+XXXX")
            }
            return Jamo(rawValue: value)
        }

        func slotName(_ slot: JamoSlot, article: Bool = false) -> String {
            switch slot {
            case .choseong: article ? "an initial" : "initial"
            case .jungseong: article ? "a medial" : "medial"
            case .jongseong: article ? "a final" : "final"
            }
        }

        func symbol(_ token: Substring, line: Int) throws(FileProblem) -> Unicode.Scalar {
            let scalar = try self.scalar(token, line: line)
            let value = scalar.value
            guard JamoSlot(of: value) == nil, !(0x3131...0x318E).contains(value) else {
                throw error(line: line, "\(token) is a Hangul letter; use initial, medial or final instead of symbol")
            }
            guard value > 0x20, !(0x7F...0x9F).contains(value) else {
                throw error(line: line, "a symbol must be a printable character")
            }
            return scalar
        }

        /// One character, or `U+XXXX`.
        func scalar(_ token: Substring, line: Int) throws(FileProblem) -> Unicode.Scalar {
            if token.startsCodePointNotation {
                let digits = token.dropFirst(2)
                guard (4...6).contains(digits.count), let value = UInt32(digits, radix: 16),
                    let scalar = Unicode.Scalar(value)
                else { throw error(line: line, "'\(token)' is not a code point; write U+ and 4 to 6 hex digits") }
                return scalar
            }
            guard let scalar = token.onlyScalar else {
                throw error(line: line, "'\(token)' is more than one character; write one letter or U+XXXX")
            }
            return scalar
        }

        func finish() throws(FileProblem) -> Layout {
            guard let id else { throw error(line: 0, "no id line; add one, e.g. 'id my-layout'") }
            guard let name else { throw error(line: 0, "no name line; add one, e.g. 'name My Layout'") }
            guard let kind else { throw error(line: 0, "no kind line; add 'kind jamo', 'kind jaso' or 'kind romaja'") }
            if kind != .jaso,
                let dual = keys.filter({ if case .dual = $0.value { true } else { false } })
                    .min(by: { (keyLines[$0.key] ?? 0) < (keyLines[$1.key] ?? 0) })
            {
                throw error(
                    line: keyLines[dual.key] ?? 0,
                    "dual-role keys are for jaso layouts; a \(kind.rawValue) layout's composer decides slots "
                        + "itself: give the key one jamo, or use kind jaso")
            }
            guard keys.values.contains(where: { if case .symbol = $0 { false } else { $0 != .none } }) else {
                throw error(line: 0, "no key types a jamo; add key lines such as 'key r initial ㄱ'")
            }
            if kind == .jamo,
                let final = keys.filter({
                    if case .jamo(let jamo) = $0.value { jamo.slot == .jongseong } else { false }
                })
                .min(by: { (keyLines[$0.key] ?? 0) < (keyLines[$1.key] ?? 0) })
            {
                throw error(
                    line: keyLines[final.key] ?? 0,
                    "a jamo (two-set) layout types initials and medials and finds finals itself; "
                        + "write the consonant as an initial, or use kind jaso")
            }
            return Layout(
                id: id, aliases: aliases, name: name, koreanName: koreanName ?? name, kind: kind,
                typesOldHangul: oldHangul ?? false, keys: keys, combinations: CombinationTable(combinations),
                nameLines: nameLines)
        }
    }
}

/// Token tests on the UTF-8 bytes. `hasPrefix` on a `Substring` compares `Character`s, running
/// grapheme breaking on every token; over the nine built-ins' 1,500 lines that was a quarter of
/// parsing them, which every `hangul-compose` and `hanguld` start pays.
extension Substring {
    fileprivate var startsComment: Bool { utf8.first == UInt8(ascii: "#") }

    /// `U+` or `u+`, the start of a code point written in hex.
    fileprivate var startsCodePointNotation: Bool {
        var bytes = utf8.makeIterator()
        guard let first = bytes.next(), first == UInt8(ascii: "U") || first == UInt8(ascii: "u") else { return false }
        return bytes.next() == UInt8(ascii: "+")
    }

    /// The token's scalar when it is exactly one, without counting all of them.
    fileprivate var onlyScalar: Unicode.Scalar? {
        var scalars = unicodeScalars.makeIterator()
        guard let first = scalars.next(), scalars.next() == nil else { return nil }
        return first
    }
}
