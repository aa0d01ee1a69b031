/// The Hangul composition automaton: keys in, commit and preedit out.
///
/// The composer is a value: each operation changes its state and returns what the caller must do
/// (``Output``), and the current preedit is a property. It never allocates on a key: the syllable
/// being built is a ``JamoChain`` held inline, and text is returned as inline ``ComposedText``.
///
/// Behaviour follows libhangul 0.2.0 step by step (commit, preedit and the consumed flag after every
/// key), with the deliberate differences listed in the README.
public struct Composer: Sendable {
    /// What one operation asks of the caller: commit ``commit`` first, show ``preedit``, then, when
    /// ``consumed`` is false, let the key through to the application.
    public struct Output: Sendable, Equatable {
        /// Whether the composer used the key; an unconsumed key goes to the application.
        public var consumed: Bool
        /// Text this step finished, to insert before anything else.
        public var commit: ComposedText
        /// The syllable being composed after this step.
        public var preedit: ComposedText

        public init(consumed: Bool, commit: ComposedText = ComposedText(), preedit: ComposedText = ComposedText()) {
            self.consumed = consumed
            self.commit = commit
            self.preedit = preedit
        }
    }

    /// The layout keys are read through.
    public var layout: Layout
    /// Combination switches and output form.
    public var options: ComposerOptions
    var chain = JamoChain()
    /// BackSpace exactly as libhangul does it, flaw included (README, deliberate difference 2): for
    /// the differential harness alone, so that BackSpace after auto-reorder is compared too rather
    /// than left out of its streams. Not an option a user can set.
    @_spi(Differential) public var backspacesLikeLibhangul = false

    public init(layout: Layout = .dubeolsik, options: ComposerOptions = ComposerOptions()) {
        self.layout = layout
        self.options = options
    }

    /// Whether nothing is being composed.
    public var isEmpty: Bool { chain.isEmpty }

    /// The syllable being composed, as the application should show it.
    public var preedit: ComposedText {
        var text = ComposedText()
        appendSyllable(to: &text)
        return text
    }

    /// Types the key at a position.
    public mutating func process(_ position: KeyPosition) -> Output {
        var output = Output(consumed: true)
        output.consumed = process(position, commit: &output.commit).consumed
        // A key that commits the syllable and composes nothing new leaves the chain empty, and an
        // empty chain appends nothing, so reading the preedit after every key is exact.
        appendSyllable(to: &output.preedit)
        return output
    }

    /// Types the key at a position and sets `commit` to the text it finishes; returns whether the
    /// key was used and whether a syllable is being composed after it (exactly when ``preedit`` is
    /// not empty). The preedit itself is left to ``preedit``, for a caller that shows it.
    ///
    /// ``process(_:)`` without its ``Output``: a batch that prints only the text (`hangul-compose`
    /// without `--trace` or `--json`) needs no preedit per key, and returning the 88-byte output
    /// through memory, then reading it back in another module, stalled the CPU on every key
    /// (issue 25). The caller keeps one `commit` for all its keys. Whether a syllable is left is
    /// returned rather than asked after the call: a property read from another module copied the
    /// whole composer first, which cost more than the key.
    @inline(__always)
    public mutating func process(
        _ position: KeyPosition, commit: inout ComposedText
    ) -> (consumed: Bool, composing: Bool) {
        let consumed = typeKey(at: position, commit: &commit)
        return (consumed, chain.hasValue)
    }

    /// ``process(_:commit:)``'s work: sets `commit` and returns whether the key was used.
    @inline(__always)
    mutating func typeKey(at position: KeyPosition, commit: inout ComposedText) -> Bool {
        commit.removeAll()
        switch layout.action(at: position) {
        case .none:
            commitSyllable(into: &commit)
            return false
        case .symbol(let scalar):
            commitSyllable(into: &commit)
            commit.append(scalar.value)
            return true
        case .jamo(let jamo):
            switch layout.kind {
            case .jamo: return typeTwoSet(jamo, commit: &commit)
            case .jaso:
                typeThreeSet(jamo, commit: &commit)
                return true
            case .romaja: return typeRomaja(jamo, key: position.ascii, commit: &commit)
            }
        case .dual(let first, let second):
            typeDual(first, second, commit: &commit)
            return true
        }
    }

    /// Removes the latest keystroke's jamo; with nothing composed the key is not consumed, so the
    /// application deletes the character before the cursor itself.
    public mutating func backspace() -> Output {
        var output = Output(consumed: removeKeystroke().consumed)
        appendSyllable(to: &output.preedit)
        return output
    }

    /// ``backspace()`` without its ``Output``, for the reason given at ``process(_:commit:)``:
    /// returns whether the key was used (BackSpace never commits) and whether a syllable is still
    /// being composed.
    @inline(__always)
    public mutating func removeKeystroke() -> (consumed: Bool, composing: Bool) {
        let consumed = chain.removeTail(peekOnly: backspacesLikeLibhangul) != nil
        return (consumed, chain.hasValue)
    }

    /// Finishes the syllable being composed and returns it as the text to commit.
    public mutating func flush() -> ComposedText {
        var text = ComposedText()
        appendSyllable(to: &text)
        chain.removeAll()
        return text
    }

    /// ``flush()`` into a commit the caller keeps, for the reason given at ``process(_:commit:)``:
    /// sets `commit` to the syllable being composed and starts an empty one.
    @inline(__always)
    public mutating func flush(into commit: inout ComposedText) {
        commit.removeAll()
        commitSyllable(into: &commit)
    }

    /// Drops the syllable being composed without committing it.
    public mutating func reset() {
        chain.removeAll()
    }
}

// MARK: - Two-set (dubeolsik) automaton

extension Composer {
    /// One key of a two-set layout; returns whether the key was used. Consonant keys arrive as
    /// initials; whether one becomes this syllable's final or the next one's initial is decided here,
    /// and a vowel after a final takes its last keystroke back as the next syllable's initial
    /// (닭+ㅏ → 달가).
    ///
    /// Not forced inline, though most keys of most users take it: forced into every caller, as it
    /// was for `hangul-compose`'s lean lane (issue 25), it made ``process(_:)``, the daemon's path,
    /// a third slower per key (`hangul-bench`, dubeolsik: 17.3 against 23.6 ns, 0.36× against 0.50×
    /// libhangul), while the lean lane measures the same either way (`compose-bench`, 47.9–48.4
    /// against 47.1–48.7 ms) as long as ``extend(with:in:typed:orStart:commit:)`` is inlined into it.
    mutating func typeTwoSet(_ jamo: Jamo, commit: inout ComposedText) -> Bool {
        let slot = jamo.slot
        let choseong = chain.value(of: .choseong)
        let jungseong = chain.value(of: .jungseong)
        let jongseong = chain.value(of: .jongseong)

        if let jongseong {
            switch slot {
            case .choseong:
                let final = Jamo(
                    nonzero: JamoTables.choseongToJongseong(jamo.rawValue, oldHangul: layout.typesOldHangul))
                let merged = final.flatMap { combine(jongseong, $0) }
                extend(with: merged, in: .jongseong, typed: final, orStart: jamo, commit: &commit)
            case .jungseong:
                takeFinal(beforeVowel: jamo, commit: &commit)
            case .jongseong, nil:
                commitSyllable(into: &commit)
                return false
            }
        } else if let jungseong {
            switch slot {
            case .choseong:
                if choseong != nil {
                    let final = Jamo(
                        nonzero: JamoTables.choseongToJongseong(jamo.rawValue, oldHangul: layout.typesOldHangul))
                    extend(with: final, in: .jongseong, typed: final, orStart: jamo, commit: &commit)
                } else {
                    // A consonant after a lone vowel: with auto-reorder (모아치기) it is still this
                    // syllable's initial (ㅏ then ㄱ gives 가).
                    if !options.autoReorder { commitSyllable(into: &commit) }
                    push(jamo, typed: jamo, commit: &commit)
                }
            case .jungseong:
                extend(with: combine(jungseong, jamo), in: .jungseong, typed: jamo, orStart: jamo, commit: &commit)
            case .jongseong, nil:
                commitSyllable(into: &commit)
                return false
            }
        } else if let choseong, slot == .choseong {
            let merged = combine(choseong, jamo)
            if let merged, merged.slot == .jongseong {
                // Two initials that only merge as a final cluster (ㄱ+ㅅ → ㄳ, the MS IME habit)
                // turn the first into a final, so the cluster shows and a vowel can still split it.
                guard let first = chain.removeTail() else { return true }
                chain.setImplicit(nil, of: .choseong)
                if let final = Jamo(nonzero: JamoTables.choseongToJongseong(first.value.rawValue, oldHangul: true)) {
                    push(final, typed: final, commit: &commit)
                }
                let typed = Jamo(nonzero: JamoTables.choseongToJongseong(jamo.rawValue, oldHangul: true))
                push(merged, typed: typed, commit: &commit)
            } else {
                extend(with: merged, in: nil, typed: jamo, orStart: jamo, commit: &commit)
            }
        } else {
            push(jamo, typed: jamo, commit: &commit)
        }
        return true
    }

    /// A vowel after a final: the final's last keystroke becomes the vowel's initial, unless the
    /// final cannot start a syllable, in which case the syllable is finished as it is.
    mutating func takeFinal(beforeVowel vowel: Jamo, commit: inout ComposedText) {
        let keptFinal = chain.beforeTail?.slot == .jongseong
        guard let taken = chain.removeTail() else { return }
        let initial = taken.typed.flatMap { Jamo(nonzero: JamoTables.jongseongToChoseong($0.rawValue)) }
        if keptFinal, initial == nil {
            // libhangul keeps the whole final here and starts the vowel alone.
            chain.append(taken)
            commitSyllable(into: &commit)
        } else {
            commitSyllable(into: &commit)
            if let initial { push(initial, typed: initial, commit: &commit) }
        }
        push(vowel, typed: vowel, commit: &commit)
    }
}

// MARK: - Three-set (sebeolsik) automaton

extension Composer {
    /// One key of a direct layout: the key names its slot, so a jamo either merges with the same
    /// slot's latest keystroke or, when the slot is taken, starts the next syllable. Without
    /// auto-reorder, an initial after a medial or final (or a medial after a final) also starts the
    /// next syllable; with it, a slot still empty is filled whatever the order.
    mutating func typeThreeSet(_ jamo: Jamo, closed: Bool = false, commit: inout ComposedText) {
        guard let slot = jamo.slot else { return }
        guard let current = chain.value(of: slot) else {
            let later: Bool
            switch slot {
            case .choseong: later = chain.value(of: .jungseong) != nil || chain.value(of: .jongseong) != nil
            case .jungseong: later = chain.value(of: .jongseong) != nil
            case .jongseong: later = false
            }
            if later, !options.autoReorder { commitSyllable(into: &commit) }
            push(jamo, typed: jamo, closed: closed, commit: &commit)
            return
        }
        let merged = tailTakes(slot) ? combine(current, jamo) : nil
        if let merged, merged.slot != nil {
            push(merged, typed: jamo, closed: closed, commit: &commit)
        } else {
            commitSyllable(into: &commit)
            push(jamo, typed: jamo, closed: closed, commit: &commit)
        }
    }

    /// Whether the latest keystroke is in `slot` and open to a combination (a medial a dual-role
    /// medial/final key typed is closed).
    @inline(__always)
    mutating func tailTakes(_ slot: JamoSlot) -> Bool {
        guard let tail = chain.tail else { return false }
        return tail.slot == slot && !tail.closed
    }

    /// One dual-role key (갈마들이): which of its two jamo it gives is decided here, from the
    /// syllable as it stands, by the rules of ``DualRole``; the chosen jamo is then typed as a
    /// plain key of its slot. `first` is in the earlier slot.
    mutating func typeDual(_ first: Jamo, _ second: Jamo, commit: inout ComposedText) {
        guard let firstSlot = first.slot, let secondSlot = second.slot, let role = DualRole(firstSlot, secondSlot)
        else { return }
        let choseong = chain.value(of: .choseong)
        let jungseong = chain.value(of: .jungseong)
        let jongseong = chain.value(of: .jongseong)
        switch role {
        case .initialOrMedial, .medialOrFinal:
            let medial = role == .initialOrMedial ? second : first
            let takesMedial: Bool
            if jongseong != nil {
                takesMedial = false
            } else if let jungseong {
                takesMedial = tailTakes(.jungseong) && combine(jungseong, medial)?.slot == .jungseong
            } else {
                takesMedial = choseong != nil
            }
            if takesMedial {
                typeThreeSet(medial, closed: role == .medialOrFinal, commit: &commit)
            } else {
                typeThreeSet(role == .initialOrMedial ? first : second, commit: &commit)
            }
        case .initialOrFinal:
            let takesFinal: Bool
            if let jongseong {
                takesFinal = tailTakes(.jongseong) && combine(jongseong, second)?.slot == .jongseong
            } else {
                takesFinal = jungseong != nil
            }
            typeThreeSet(takesFinal ? second : first, commit: &commit)
        }
    }
}

// MARK: - Romaja automaton

extension Composer {
    /// One letter of romaja (로마자), libhangul's rules: a vowel with no consonant before it gets a
    /// silent ㅇ (a → 아), a consonant that cannot join the next one gets ㅡ (k then s → 크 and ㅅ),
    /// `ng` is final ㅇ, `x` is ㅈ at the start of a syllable and ㄳ at its end, and a capital letter
    /// starts a new syllable where the letters would otherwise merge (`naege` is 내게, `naEge` 나에게).
    mutating func typeRomaja(_ jamo: Jamo, key: UInt8, commit: inout ComposedText) -> Bool {
        var jamo = jamo
        let isX = key == UInt8(ascii: "x") || key == UInt8(ascii: "X")
        if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(key) { commitSyllable(into: &commit) }
        let slot = jamo.slot
        let choseong = chain.value(of: .choseong)
        let jungseong = chain.value(of: .jungseong)
        let jongseong = chain.value(of: .jongseong)

        if let jongseong {
            if isX {
                commitSyllable(into: &commit)
                push(.choseongCieuc, typed: .choseongCieuc, commit: &commit)
            } else if slot == .choseong || slot == .jongseong {
                let final = slot == .jongseong ? jamo : Jamo(nonzero: JamoTables.choseongToJongseong(jamo.rawValue))
                let merged = final.flatMap { combine(jongseong, $0) }
                extend(with: merged, in: .jongseong, typed: final, orStart: jamo, commit: &commit)
            } else if slot == .jungseong {
                splitFinal(jongseong, beforeVowel: jamo, commit: &commit)
            } else {
                commitSyllable(into: &commit)
                return false
            }
        } else if let jungseong {
            switch slot {
            case .choseong:
                if choseong == nil {
                    push(jamo, typed: jamo, commit: &commit)
                } else {
                    let final = Jamo(nonzero: JamoTables.choseongToJongseong(jamo.rawValue))
                    extend(with: final, in: .jongseong, typed: final, orStart: jamo, commit: &commit)
                }
            case .jungseong:
                if let merged = combine(jungseong, jamo), merged.slot == .jungseong {
                    push(merged, typed: jamo, commit: &commit)
                } else {
                    commitSyllable(into: &commit)
                    chain.setImplicit(.choseongIeung, of: .choseong)
                    push(jamo, typed: jamo, commit: &commit)
                }
            case .jongseong:
                push(jamo, typed: jamo, commit: &commit)
            case nil:
                commitSyllable(into: &commit)
                return false
            }
        } else if let choseong {
            switch slot {
            case .choseong:
                if let merged = combine(choseong, jamo) {
                    push(merged, typed: jamo, commit: &commit)
                } else {
                    chain.setImplicit(.jungseongEu, of: .jungseong)
                    commitSyllable(into: &commit)
                    push(jamo, typed: jamo, commit: &commit)
                }
            case .jongseong:
                chain.setImplicit(.jungseongEu, of: .jungseong)
                commitSyllable(into: &commit)
                if isX { jamo = .choseongCieuc }
                push(jamo, typed: jamo, commit: &commit)
            case .jungseong:
                push(jamo, typed: jamo, commit: &commit)
            case nil:
                commitSyllable(into: &commit)
                return false
            }
        } else {
            if isX { jamo = .choseongCieuc }
            guard jamo.slot != nil else { return false }
            push(jamo, typed: jamo, commit: &commit)
            if chain.value(of: .choseong) == nil, chain.value(of: .jungseong) != nil {
                chain.setImplicit(.choseongIeung, of: .choseong)
            }
        }
        return true
    }

    /// A romaja vowel after a final: final ㅇ (from `ng`) stays and the vowel gets a silent ㅇ;
    /// otherwise the final's last consonant moves over (an + a → 아나, ks cluster ㄳ → ㄱ + 사).
    mutating func splitFinal(_ jongseong: Jamo, beforeVowel vowel: Jamo, commit: inout ComposedText) {
        if jongseong == .jongseongIeung {
            commitSyllable(into: &commit)
            chain.setImplicit(.choseongIeung, of: .choseong)
            push(vowel, typed: vowel, commit: &commit)
            return
        }
        let afterVowel = chain.beforeTail?.slot == .jungseong
        guard let taken = chain.removeTail() else { return }
        var initial: Jamo?
        if afterVowel {
            initial = Jamo(nonzero: JamoTables.jongseongToChoseong(taken.value.rawValue))
            if taken.value == .jongseongKiyeokSios {
                chain.setImplicit(.jongseongKiyeok, of: .jongseong)
                initial = .choseongSios
            }
        } else {
            let split = JamoTables.splitJongseong(jongseong.rawValue)
            chain.setImplicit(Jamo(nonzero: split.remains), of: .jongseong)
            initial = Jamo(nonzero: split.initial)
        }
        commitSyllable(into: &commit)
        if let initial { push(initial, typed: initial, commit: &commit) }
        push(vowel, typed: vowel, commit: &commit)
    }
}

// MARK: - Shared steps

extension Composer {
    /// The jamo two jamo merge into under this layout and these options, or nil.
    ///
    /// On modern two-set layouts an identical pair (ㄱ+ㄱ, final ㅅ+ㅅ) merges only with
    /// `combi-on-double-stroke`, since Shift already types the tense consonant there; direct and
    /// old-Hangul layouts always merge it. Two initials that merge into a final cluster (ㄱ+ㅅ → ㄳ)
    /// merge only on two-set layouts with `non-choseong-combi`: libhangul applies that option to
    /// every layout, though its own documentation says it is for dubeolsik (see the README).
    // Inlined, and `mutating` though it only reads: every caller is a mutating automaton step,
    // and a non-mutating call from one (out of line, as the optimizer still left it) first copied
    // the whole composer, about 190 bytes, on every merge (issue 25, as ``JamoChain``'s walk).
    @inline(__always)
    mutating func combine(_ first: Jamo, _ second: Jamo) -> Jamo? {
        if first == second, layout.kind == .jamo, !layout.typesOldHangul, !options.combiOnDoubleStroke,
            JamoTables.isConjoinable(first.rawValue)
        {
            return nil
        }
        var value = layout.combinations.combine(first.rawValue, second.rawValue)
        // Not on romaja: there y after ㅘ or ㅝ begins the next syllable (mwoya is 뭐야, not 뭬아).
        if value == 0, options.extendedVowels, layout.kind != .romaja {
            value = Self.extendedVowels.combine(first.rawValue, second.rawValue)
        }
        guard let merged = Jamo(nonzero: value) else { return nil }
        if merged.slot == .jongseong, first.slot == .choseong, second.slot == .choseong,
            !options.nonChoseongCombi || layout.kind != .jamo
        {
            return nil
        }
        return merged
    }

    /// ㅘ+ㅣ → ㅙ and ㅝ+ㅣ → ㅞ, which strict KS X 5002 tables lack (``ComposerOptions/extendedVowels``).
    /// Public so that the tests' key speller reaches what the composer reaches, from this table.
    public static let extendedVowels = CombinationTable([
        (.jungseongWa, .jungseongI, .jungseongWae),
        (.jungseongWeo, .jungseongI, .jungseongWe),
    ])

    /// Adds `merged` as this syllable's next keystroke, `typed` being the key's own jamo, when it is
    /// a jamo of `slot` (any slot when nil); otherwise, when the keys did not merge, finishes the
    /// syllable and starts the next with `jamo`. Every automaton's "combine or move on" step.
    @inline(__always)
    mutating func extend(
        with merged: Jamo?, in slot: JamoSlot?, typed: Jamo?, orStart jamo: Jamo, commit: inout ComposedText
    ) {
        if let merged, let own = merged.slot, slot == nil || own == slot {
            push(merged, typed: typed, commit: &commit)
        } else {
            commitSyllable(into: &commit)
            push(jamo, typed: jamo, commit: &commit)
        }
    }

    /// Adds a keystroke whose slot is the value's own; a full chain first commits what it holds, so
    /// no key is ever dropped.
    mutating func push(_ value: Jamo, typed: Jamo?, closed: Bool = false, commit: inout ComposedText) {
        guard let slot = value.slot else { return }
        if chain.isFull { commitSyllable(into: &commit) }
        chain.append(JamoChain.Node(slot: slot, typed: typed, value: value, closed: closed))
    }

    /// Moves the syllable being composed into the commit text and starts an empty one.
    mutating func commitSyllable(into commit: inout ComposedText) {
        appendSyllable(to: &commit)
        chain.removeAll()
    }

    /// Writes the syllable being composed in the configured output form.
    ///
    /// Syllable form: a complete modern syllable is precomposed; a lone jamo is its compatibility
    /// letter; anything else (old Hangul, an initial with only a final) is conjoining jamo with
    /// fillers, the only way Unicode can show it. Jamo form: always conjoining jamo with fillers.

    // Inlined for the same reason as `combine`; this copy was the largest cost of a key.
    @inline(__always)
    func appendSyllable(to text: inout ComposedText) {
        let choseong = chain.value(of: .choseong)
        let jungseong = chain.value(of: .jungseong)
        let jongseong = chain.value(of: .jongseong)
        if choseong == nil, jungseong == nil, jongseong == nil { return }

        if options.output == .jamo {
            Self.appendConjoining(choseong, jungseong, jongseong, to: &text)
            return
        }

        let filled = (choseong == nil ? 0 : 1) + (jungseong == nil ? 0 : 1) + (jongseong == nil ? 0 : 1)
        if filled == 1, let alone = choseong ?? jungseong ?? jongseong {
            let compatibility = JamoTables.conjoiningToCompatibility(alone.rawValue)
            if compatibility != 0 {
                text.append(compatibility)
                return
            }
        } else if let choseong, let jungseong {
            let syllable = Syllable.composeValue(choseong.rawValue, jungseong.rawValue, jongseong?.rawValue ?? 0)
            if syllable != 0 {
                text.append(syllable)
                return
            }
        }
        Self.appendConjoining(choseong, jungseong, jongseong, to: &text)
    }

    /// A syllable as conjoining jamo, a filler standing in for a missing initial or medial.
    @inline(__always)
    static func appendConjoining(_ choseong: Jamo?, _ jungseong: Jamo?, _ jongseong: Jamo?, to text: inout ComposedText)
    {
        text.append((choseong ?? .choseongFiller).rawValue)
        text.append((jungseong ?? .jungseongFiller).rawValue)
        if let jongseong { text.append(jongseong.rawValue) }
    }
}
