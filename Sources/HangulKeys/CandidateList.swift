import HangulHanja

/// The hanja candidate list of one session while it is open: which candidates, which is
/// highlighted, where they came from.
///
/// A state machine in the house style: ``handle(keysym:modifiers:isHanjaKey:)`` takes a key while
/// the list is open and returns what to do (``Action``); ``InputContext`` performs it (committing
/// a pick, processing a key that closed the list). The candidates are a ``HanjaCandidates`` kept for
/// the session's life and refilled in place, so once a session has opened its longest list, opening
/// another allocates nothing, and while no list is open nothing here runs at all.
///
/// Pages are at most ``pageSize`` candidates and at most ``pageBytes`` bytes of them in a reply,
/// and follow the highlight: the page shown is the one holding the highlighted candidate, so
/// moving past a page's end turns the page. Pages are cut when the list opens, from the first
/// candidate on: each takes candidates while both bounds allow, and always at least one.
public struct CandidateList: Sendable {
    /// Where the converted text is, which decides what a pick replaces.
    public enum Source: Sendable, Equatable {
        /// The preedit: a pick replaces the preedit.
        case preedit
        /// The text before the cursor the frontend sent: a pick deletes the candidate's key's
        /// characters before the cursor.
        case beforeCursor
        /// The selection the frontend sent: a pick is committed over it.
        case selection
    }

    /// What a key does to an open list.
    public enum Action: Sendable, Equatable {
        /// The highlight moved, or the key was one the list takes without effect (a digit beyond the
        /// page): the key is handled and the list stays open.
        case show
        /// Commit the candidate at this index of the whole list, then close.
        case pick(Int)
        /// Close without converting: Escape or the hanja key.
        case close
        /// Close, then process the key as if no list had been open.
        case closeThenProcess
        /// A bare modifier (Shift on its way to a shortcut): unhandled, the list stays as it is.
        case ignore
    }

    /// Candidates a page shows at most, and so how many digits pick: 1 to 9.
    public static let pageSize = 9

    /// The most bytes a page's candidates take in a reply's `items`, each as
    /// `{"value":…,"meaning":…},` with the protocol's escapes (PROTOCOL.md section 3.1).
    ///
    /// A reply line is at most 65536 bytes (section 10). A dictionary line is at most 4096 bytes,
    /// whose value and meaning take at most twice that escaped (`"` and `\\` become two bytes;
    /// control characters are refused when a dictionary is read), so one candidate always fits,
    /// and the rest of the reply (a committed candidate, the preedit, the options, the id) fits in
    /// the other half. Nine such candidates made a 72 KB page, and 216 KB before control characters
    /// were refused (issue 23, fault 10).
    public static let pageBytes = 32 * 1024

    /// The candidates, best first; empty while closed.
    public internal(set) var candidates = HanjaCandidates()
    /// Whether the list is open.
    public internal(set) var isOpen = false
    /// The highlighted candidate, an index into ``candidates``.
    public internal(set) var highlighted = 0
    /// Where the converted text is.
    public internal(set) var source = Source.preedit
    /// Where each page starts in ``candidates``, then the candidate count; cut when the list opens.
    public internal(set) var pageStarts: [Int] = []

    public init() {}

    /// The index in ``candidates`` of the first candidate on the page shown.
    public var pageStart: Int { pageStarts.isEmpty ? 0 : pageStarts[pageOrdinal] }

    /// The indices of the candidates on the page shown.
    public var page: Range<Int> {
        guard pageStarts.count >= 2 else { return 0..<0 }
        let ordinal = pageOrdinal
        return pageStarts[ordinal]..<pageStarts[ordinal + 1]
    }

    /// Which page holds the highlighted candidate: the last start at or before it.
    private var pageOrdinal: Int {
        var low = 0
        var high = pageStarts.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if pageStarts[middle] <= highlighted { low = middle } else { high = middle - 1 }
        }
        return max(low, 0)
    }

    /// Cuts the list into pages of at most ``pageSize`` candidates and ``pageBytes`` bytes.
    private mutating func cutPages() {
        pageStarts.removeAll(keepingCapacity: true)
        var index = 0
        while index < candidates.count {
            pageStarts.append(index)
            var bytes = 0
            var count = 0
            while index < candidates.count && count < Self.pageSize {
                let size = Self.replyBytes(candidates, at: index)
                if count > 0 && bytes + size > Self.pageBytes { break }
                bytes += size
                count += 1
                index += 1
            }
        }
        pageStarts.append(candidates.count)
    }

    /// The bytes a candidate takes in a reply's `items`: `{"value":"…","meaning":"…"},` with its
    /// value and meaning escaped as the daemon writes JSON (PROTOCOL.md section 3.1).
    public static func replyBytes(_ candidates: HanjaCandidates, at index: Int) -> Int {
        let fixed = #"{"value":"","meaning":""},"#.utf8.count
        return fixed + candidates.withUTF8(.value, at: index, escapedLength)
            + candidates.withUTF8(.comment, at: index, escapedLength)
    }

    /// The length of bytes as a JSON string's content: `"`, `\\` and the controls with a short
    /// escape take two bytes, the other controls six (`\u001b`), everything else itself.
    private static func escapedLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var length = bytes.count
        for byte in bytes where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            switch byte {
            case 0x22, 0x5C, 0x08, 0x09, 0x0A, 0x0C, 0x0D: length += 1
            default: length += 5
            }
        }
        return length
    }

    /// Looks up `key` in `dictionary` and opens the list when anything matched; returns whether it
    /// opened. A list that was open is replaced.
    mutating func open(
        _ key: String, _ match: HanjaMatch, in dictionary: HanjaDictionary, source: Source
    ) -> Bool {
        dictionary.lookup(key, match, into: &candidates)
        isOpen = !candidates.isEmpty
        highlighted = 0
        self.source = source
        cutPages()
        return isOpen
    }

    /// Closes the list, keeping the candidates' storage for the next one.
    mutating func close() {
        candidates.removeAll()
        pageStarts.removeAll(keepingCapacity: true)
        isOpen = false
        highlighted = 0
    }

    /// What a key press does while the list is open: digits 1–9 (main row or keypad) pick on the
    /// page, the arrows move the highlight by one (Up and Left back, Down and Right on), Page Up and
    /// Page Down by a page, Return picks the highlighted candidate, Escape or the hanja key closes,
    /// a bare modifier changes nothing, and every other key closes the list and is processed.
    ///
    /// Movement stops at the ends rather than wrapping, so holding Down cannot skip back to the
    /// first candidate unnoticed. Modifiers other than Shift make a key a shortcut, which closes.
    public mutating func handle(keysym: Keysym, modifiers: ModifierMask, isHanjaKey: Bool) -> Action {
        if isHanjaKey { return .close }
        if keysym.isModifier { return .ignore }
        if !modifiers.isDisjoint(with: ModifierMask.nonHangul) { return .closeThenProcess }
        if let digit = Self.digit(keysym) {
            let index = pageStart + digit - 1
            return index < page.upperBound ? .pick(index) : .show
        }
        switch keysym {
        case .up, .left: return move(to: highlighted - 1)
        case .down, .right: return move(to: highlighted + 1)
        case .pageUp: return move(to: highlighted - Self.pageSize)
        case .pageDown: return move(to: highlighted + Self.pageSize)
        case .return, .kpEnter: return .pick(highlighted)
        case .escape: return .close
        default: return .closeThenProcess
        }
    }

    /// Moves the highlight within the list; handled whether or not it moved.
    private mutating func move(to index: Int) -> Action {
        highlighted = max(0, min(index, candidates.count - 1))
        return .show
    }

    /// 1–9 for the digit keys of the main row and the keypad, nil for any other key.
    private static func digit(_ keysym: Keysym) -> Int? {
        switch keysym.rawValue {
        case 0x31...0x39: Int(keysym.rawValue - 0x30)
        case 0xFFB1...0xFFB9: Int(keysym.rawValue - 0xFFB0)
        default: nil
        }
    }
}
