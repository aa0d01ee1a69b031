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
/// Pages are ``pageSize`` candidates long and follow the highlight: the page shown is the one
/// holding the highlighted candidate, so moving past a page's end turns the page.
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

    /// Candidates a page shows, and so how many digits pick: 1 to 9.
    public static let pageSize = 9

    /// The candidates, best first; empty while closed.
    public internal(set) var candidates = HanjaCandidates()
    /// Whether the list is open.
    public internal(set) var isOpen = false
    /// The highlighted candidate, an index into ``candidates``.
    public internal(set) var highlighted = 0
    /// Where the converted text is.
    public internal(set) var source = Source.preedit

    public init() {}

    /// The index in ``candidates`` of the first candidate on the page shown.
    public var pageStart: Int { highlighted / Self.pageSize * Self.pageSize }

    /// The indices of the candidates on the page shown.
    public var page: Range<Int> { pageStart..<min(pageStart + Self.pageSize, candidates.count) }

    /// Looks up `key` in `dictionary` and opens the list when anything matched; returns whether it
    /// opened. A list that was open is replaced.
    mutating func open(
        _ key: String, _ match: HanjaMatch, in dictionary: HanjaDictionary, source: Source
    ) -> Bool {
        dictionary.lookup(key, match, into: &candidates)
        isOpen = !candidates.isEmpty
        highlighted = 0
        self.source = source
        return isOpen
    }

    /// Closes the list, keeping the candidates' storage for the next one.
    mutating func close() {
        candidates.removeAll()
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
