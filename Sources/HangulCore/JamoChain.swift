/// The keystrokes of the syllable being composed, as a linked list of jamo nodes in inline storage.
///
/// Each node is one keystroke: the slot it filled, the jamo it typed, and the value of that slot
/// once it was added (ㄹ then ㄱ in the final slot: the second node typed ㄱ and the slot became ㄺ).
/// A node's predecessor is the keystroke before it; all edits happen at the tail (a compound grows
/// by one node, backspace unlinks the tail, a vowel detaches the tail final and starts the next
/// syllable with it), so the list lives contiguously in a fixed `InlineArray` and a node's
/// predecessor is simply the node stored before it. No key ever allocates.
///
/// Slots and nodes hold ``Jamo``, never bare code points; an empty slot reads as `nil`. Inside, an
/// empty slot is stored as the raw value 0, which no jamo has, so a slot stays four bytes where an
/// optional would take five (eight in the node array, once aligned).
struct JamoChain: Sendable {
    struct Node: Sendable {
        var slot: JamoSlot
        /// Whether no later keystroke may combine into this one: a medial a dual-role medial/final
        /// key typed (``DualRole/medialOrFinal``). Declared beside ``slot`` so that both fit in the
        /// padding before ``value``: the node stays 12 bytes.
        var closed: Bool
        /// The slot's jamo after this keystroke (a compound when it merged with its predecessors).
        var value: Jamo
        /// ``typed``, with ``Jamo/absent`` for nil.
        private var typedOrAbsent: Jamo

        /// The jamo this keystroke typed, in its slot's form; nil only for an initial that merged
        /// with the one before into a final cluster and has no final form of its own.
        var typed: Jamo? { typedOrAbsent == .absent ? nil : typedOrAbsent }

        init(slot: JamoSlot, typed: Jamo?, value: Jamo, closed: Bool = false) {
            self.slot = slot
            self.value = value
            self.typedOrAbsent = typed ?? .absent
            self.closed = closed
        }
    }

    /// Longest keystroke run one syllable can take; libhangul's stack holds the same twelve.
    static let capacity = 12

    var nodes: InlineArray<12, Node>
    var count: Int
    /// The current jamo of each slot (``Jamo/absent`` when empty), kept up to date by every edit so
    /// a key reads them directly.
    private var choseong = Jamo.absent
    private var jungseong = Jamo.absent
    private var jongseong = Jamo.absent

    init() {
        nodes = InlineArray(repeating: Node(slot: .choseong, typed: nil, value: .absent))
        count = 0
    }

    var isEmpty: Bool { count == 0 }
    /// Whether any slot holds a jamo (what a preedit shows), an implicit one included.
    var hasValue: Bool { choseong != .absent || jungseong != .absent || jongseong != .absent }
    var isFull: Bool { count == Self.capacity }

    /// The most recent keystroke.
    ///
    /// A `mutating get` for the reason given at ``latestValue(of:)``: read in place, not from a copy.
    var tail: Node? {
        mutating get { count == 0 ? nil : nodes[count - 1] }
    }

    mutating func append(_ node: Node) {
        precondition(count < Self.capacity, "internal inconsistency: jamo chain overflow")
        nodes[count] = node
        count += 1
        setValue(node.value, of: node.slot)
    }

    /// Unlinks and returns the tail node. Unlinking the last node empties every slot, including a
    /// value set with ``setImplicit(_:of:)``, which belongs to the keystrokes around it.
    ///
    /// The slot the node filled goes back to its latest earlier keystroke. With `peekOnly` it only
    /// looks at the node just before, and empties the slot when that node is in another slot: that
    /// is libhangul's BackSpace, whose flaw after auto-reorder (ㅗ ㄱ ㅏ, BackSpace shows ㄱ) the
    /// differential harness must reproduce to compare BackSpace there.
    @discardableResult
    mutating func removeTail(peekOnly: Bool = false) -> Node? {
        guard count > 0 else { return nil }
        count -= 1
        let removed = nodes[count]
        if count == 0 {
            removeAll()
        } else if peekOnly {
            let previous = nodes[count - 1]
            setValue(previous.slot == removed.slot ? previous.value : .absent, of: removed.slot)
        } else {
            setValue(latestValue(of: removed.slot), of: removed.slot)
        }
        return removed
    }

    /// Fills a slot without a keystroke, or empties it with `nil`: romaja's silent ㅇ before a lone
    /// vowel. No node records it, so BackSpace never stops on it; it goes when the keystrokes it
    /// supports are gone.
    mutating func setImplicit(_ value: Jamo?, of slot: JamoSlot) {
        setValue(value ?? .absent, of: slot)
    }

    /// The keystroke before the tail.
    var beforeTail: Node? {
        mutating get { count < 2 ? nil : nodes[count - 2] }  // in place, as ``tail``
    }

    mutating func removeAll() {
        count = 0
        choseong = .absent
        jungseong = .absent
        jongseong = .absent
    }

    /// The current jamo of a slot, or `nil` when the slot is empty.
    func value(of slot: JamoSlot) -> Jamo? {
        let value =
            switch slot {
            case .choseong: choseong
            case .jungseong: jungseong
            case .jongseong: jongseong
            }
        return value == .absent ? nil : value
    }

    private mutating func setValue(_ value: Jamo, of slot: JamoSlot) {
        switch slot {
        case .choseong: choseong = value
        case .jungseong: jungseong = value
        case .jongseong: jongseong = value
        }
    }

    /// The value left by the latest keystroke in a slot, found by walking back from the tail.
    ///
    /// `mutating` though it only reads: its callers are mutating, and a non-mutating call from a
    /// mutating method makes the optimizer copy the whole chain (and reading an element of a
    /// borrowed `InlineArray` copied the whole array per iteration), which cost more than the
    /// rest of a key. In place, the walk reads only the nodes it visits.
    private mutating func latestValue(of slot: JamoSlot) -> Jamo {
        var index = count - 1
        while index >= 0 {
            if nodes[index].slot == slot { return nodes[index].value }
            index -= 1
        }
        return .absent
    }
}

extension Jamo {
    /// The raw value 0, which is no jamo: how ``JamoChain`` stores an empty slot inline. It never
    /// leaves the chain, which reads it as `nil`.
    static let absent = Jamo(rawValue: 0)
}
