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
        switch layout.action(at: position) {
        case .none:
            output.consumed = false
            commitSyllable(into: &output.commit)
        case .symbol(let scalar):
            commitSyllable(into: &output.commit)
            output.commit.append(scalar.value)
        case .jamo(let jamo):
            switch layout.kind {
            case .jamo: output.consumed = typeTwoSet(jamo.rawValue, commit: &output.commit)
            case .jaso: typeThreeSet(jamo.rawValue, commit: &output.commit)
            case .romaja: output.consumed = typeRomaja(jamo.rawValue, key: position.ascii, commit: &output.commit)
            }
            appendSyllable(to: &output.preedit)
        }
        return output
    }

    /// Removes the latest keystroke's jamo; with nothing composed the key is not consumed, so the
    /// application deletes the character before the cursor itself.
    public mutating func backspace() -> Output {
        var output = Output(consumed: chain.removeTail(peekOnly: backspacesLikeLibhangul) != nil)
        appendSyllable(to: &output.preedit)
        return output
    }

    /// Finishes the syllable being composed and returns it as the text to commit.
    public mutating func flush() -> ComposedText {
        var text = ComposedText()
        appendSyllable(to: &text)
        chain.removeAll()
        return text
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
    mutating func typeTwoSet(_ jamo: UInt32, commit: inout ComposedText) -> Bool {
        let slot = JamoSlot(of: jamo)
        let choseong = chain.value(of: .choseong)
        let jungseong = chain.value(of: .jungseong)
        let jongseong = chain.value(of: .jongseong)

        if jongseong != 0 {
            switch slot {
            case .choseong:
                let final = JamoTables.choseongToJongseong(jamo, oldHangul: layout.typesOldHangul)
                let merged = final == 0 ? 0 : combine(jongseong, final)
                extend(with: merged, in: .jongseong, typed: final, orStart: jamo, commit: &commit)
            case .jungseong:
                takeFinal(beforeVowel: jamo, commit: &commit)
            case .jongseong, nil:
                commitSyllable(into: &commit)
                return false
            }
        } else if jungseong != 0 {
            switch slot {
            case .choseong:
                if choseong != 0 {
                    let final = JamoTables.choseongToJongseong(jamo, oldHangul: layout.typesOldHangul)
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
        } else if choseong != 0, slot == .choseong {
            let merged = combine(choseong, jamo)
            if JamoSlot(of: merged) == .jongseong {
                // Two initials that only merge as a final cluster (ㄱ+ㅅ → ㄳ, the MS IME habit)
                // turn the first into a final, so the cluster shows and a vowel can still split it.
                guard let first = chain.removeTail() else { return true }
                chain.setImplicit(0, of: .choseong)
                let final = JamoTables.choseongToJongseong(first.value, oldHangul: true)
                push(final, typed: final, commit: &commit)
                push(merged, typed: JamoTables.choseongToJongseong(jamo, oldHangul: true), commit: &commit)
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
    mutating func takeFinal(beforeVowel vowel: UInt32, commit: inout ComposedText) {
        let keptFinal = chain.beforeTail?.slot == .jongseong
        guard let taken = chain.removeTail() else { return }
        let initial = JamoTables.jongseongToChoseong(taken.typed)
        if keptFinal, initial == 0 {
            // libhangul keeps the whole final here and starts the vowel alone.
            chain.append(taken)
            commitSyllable(into: &commit)
        } else {
            commitSyllable(into: &commit)
            if initial != 0 { push(initial, typed: initial, commit: &commit) }
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
    mutating func typeThreeSet(_ jamo: UInt32, commit: inout ComposedText) {
        guard let slot = JamoSlot(of: jamo) else { return }
        let current = chain.value(of: slot)
        if current == 0 {
            let later: Bool
            switch slot {
            case .choseong: later = chain.value(of: .jungseong) != 0 || chain.value(of: .jongseong) != 0
            case .jungseong: later = chain.value(of: .jongseong) != 0
            case .jongseong: later = false
            }
            if later, !options.autoReorder { commitSyllable(into: &commit) }
            push(jamo, typed: jamo, commit: &commit)
            return
        }
        let merged = chain.tail?.slot == slot ? combine(current, jamo) : 0
        extend(with: merged, in: nil, typed: jamo, orStart: jamo, commit: &commit)
    }
}

// MARK: - Romaja automaton

extension Composer {
    /// One letter of romaja (로마자), libhangul's rules: a vowel with no consonant before it gets a
    /// silent ㅇ (a → 아), a consonant that cannot join the next one gets ㅡ (k then s → 크 and ㅅ),
    /// `ng` is final ㅇ, `x` is ㅈ at the start of a syllable and ㄳ at its end, and a capital letter
    /// starts a new syllable where the letters would otherwise merge (`naege` is 내게, `naEge` 나에게).
    mutating func typeRomaja(_ jamo: UInt32, key: UInt8, commit: inout ComposedText) -> Bool {
        var jamo = jamo
        let isX = key == UInt8(ascii: "x") || key == UInt8(ascii: "X")
        if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(key) { commitSyllable(into: &commit) }
        let slot = JamoSlot(of: jamo)
        let choseong = chain.value(of: .choseong)
        let jungseong = chain.value(of: .jungseong)
        let jongseong = chain.value(of: .jongseong)

        if jongseong != 0 {
            if isX {
                commitSyllable(into: &commit)
                push(0x110C, typed: 0x110C, commit: &commit)
            } else if slot == .choseong || slot == .jongseong {
                let final = slot == .jongseong ? jamo : JamoTables.choseongToJongseong(jamo)
                extend(with: combine(jongseong, final), in: .jongseong, typed: final, orStart: jamo, commit: &commit)
            } else if slot == .jungseong {
                splitFinal(beforeVowel: jamo, commit: &commit)
            } else {
                commitSyllable(into: &commit)
                return false
            }
        } else if jungseong != 0 {
            switch slot {
            case .choseong:
                if choseong == 0 {
                    push(jamo, typed: jamo, commit: &commit)
                } else {
                    let final = JamoTables.choseongToJongseong(jamo)
                    extend(with: final, in: .jongseong, typed: final, orStart: jamo, commit: &commit)
                }
            case .jungseong:
                let merged = combine(jungseong, jamo)
                if JamoSlot(of: merged) == .jungseong {
                    push(merged, typed: jamo, commit: &commit)
                } else {
                    commitSyllable(into: &commit)
                    chain.setImplicit(0x110B, of: .choseong)
                    push(jamo, typed: jamo, commit: &commit)
                }
            case .jongseong:
                push(jamo, typed: jamo, commit: &commit)
            case nil:
                commitSyllable(into: &commit)
                return false
            }
        } else if choseong != 0 {
            switch slot {
            case .choseong:
                let merged = combine(choseong, jamo)
                if merged == 0 {
                    chain.setImplicit(0x1173, of: .jungseong)
                    commitSyllable(into: &commit)
                    push(jamo, typed: jamo, commit: &commit)
                } else {
                    push(merged, typed: jamo, commit: &commit)
                }
            case .jongseong:
                chain.setImplicit(0x1173, of: .jungseong)
                commitSyllable(into: &commit)
                if isX { jamo = 0x110C }
                push(jamo, typed: jamo, commit: &commit)
            case .jungseong:
                push(jamo, typed: jamo, commit: &commit)
            case nil:
                commitSyllable(into: &commit)
                return false
            }
        } else {
            if isX { jamo = 0x110C }
            guard JamoSlot(of: jamo) != nil else { return false }
            push(jamo, typed: jamo, commit: &commit)
            if chain.value(of: .choseong) == 0, chain.value(of: .jungseong) != 0 {
                chain.setImplicit(0x110B, of: .choseong)
            }
        }
        return true
    }

    /// A romaja vowel after a final: final ㅇ (from `ng`) stays and the vowel gets a silent ㅇ;
    /// otherwise the final's last consonant moves over (an + a → 아나, ks cluster ㄳ → ㄱ + 사).
    mutating func splitFinal(beforeVowel vowel: UInt32, commit: inout ComposedText) {
        let jongseong = chain.value(of: .jongseong)
        if jongseong == 0x11BC {
            commitSyllable(into: &commit)
            chain.setImplicit(0x110B, of: .choseong)
            push(vowel, typed: vowel, commit: &commit)
            return
        }
        let afterVowel = chain.beforeTail?.slot == .jungseong
        guard let taken = chain.removeTail() else { return }
        var initial: UInt32
        if afterVowel {
            initial = JamoTables.jongseongToChoseong(taken.value)
            if taken.value == 0x11AA {
                chain.setImplicit(0x11A8, of: .jongseong)
                initial = 0x1109
            }
        } else {
            let split = JamoTables.splitJongseong(jongseong)
            chain.setImplicit(split.remains, of: .jongseong)
            initial = split.initial
        }
        commitSyllable(into: &commit)
        if initial != 0 { push(initial, typed: initial, commit: &commit) }
        push(vowel, typed: vowel, commit: &commit)
    }
}

// MARK: - Shared steps

extension Composer {
    /// The jamo two jamo merge into under this layout and these options, or 0.
    ///
    /// On modern two-set layouts an identical pair (ㄱ+ㄱ, final ㅅ+ㅅ) merges only with
    /// `combi-on-double-stroke`, since Shift already types the tense consonant there; direct and
    /// old-Hangul layouts always merge it. Two initials that merge into a final cluster (ㄱ+ㅅ → ㄳ)
    /// merge only on two-set layouts with `non-choseong-combi`: libhangul applies that option to
    /// every layout, though its own documentation says it is for dubeolsik (see the README).
    // Inlined: out of line, a call from a mutating method first copies the whole composer (180 bytes).
    @inline(__always)
    func combine(_ first: UInt32, _ second: UInt32) -> UInt32 {
        if first == second, layout.kind == .jamo, !layout.typesOldHangul, !options.combiOnDoubleStroke,
            JamoTables.isConjoinable(first)
        {
            return 0
        }
        var merged = layout.combinations.combine(first, second)
        if merged == 0, options.extendedVowels { merged = Self.extendedVowels.combine(first, second) }
        if JamoSlot(of: merged) == .jongseong, JamoSlot(of: first) == .choseong, JamoSlot(of: second) == .choseong,
            !options.nonChoseongCombi || layout.kind != .jamo
        {
            return 0
        }
        return merged
    }

    /// ㅘ+ㅣ → ㅙ and ㅝ+ㅣ → ㅞ, which strict KS X 5002 tables lack (``ComposerOptions/extendedVowels``).
    static let extendedVowels = CombinationTable([
        (Jamo(rawValue: 0x116A), Jamo(rawValue: 0x1175), Jamo(rawValue: 0x116B)),
        (Jamo(rawValue: 0x116F), Jamo(rawValue: 0x1175), Jamo(rawValue: 0x1170)),
    ])

    /// Adds `merged` as this syllable's next keystroke when it is a jamo of `slot` (any slot when
    /// nil); otherwise, when the keys did not merge, finishes the syllable and starts the next with
    /// `jamo`. Every automaton's "combine or move on" step.
    mutating func extend(
        with merged: UInt32, in slot: JamoSlot?, typed: UInt32, orStart jamo: UInt32, commit: inout ComposedText
    ) {
        if let own = JamoSlot(of: merged), slot == nil || own == slot {
            push(merged, typed: typed, commit: &commit)
        } else {
            commitSyllable(into: &commit)
            push(jamo, typed: jamo, commit: &commit)
        }
    }

    /// Adds a keystroke whose slot is the value's own; a full chain first commits what it holds, so
    /// no key is ever dropped.
    mutating func push(_ value: UInt32, typed: UInt32, commit: inout ComposedText) {
        guard let slot = JamoSlot(of: value) else { return }
        if chain.isFull { commitSyllable(into: &commit) }
        chain.append(JamoChain.Node(slot: slot, typed: typed, value: value))
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
        if choseong == 0, jungseong == 0, jongseong == 0 { return }

        if options.output == .jamo {
            text.append(choseong == 0 ? Jamo.choseongFiller.rawValue : choseong)
            text.append(jungseong == 0 ? Jamo.jungseongFiller.rawValue : jungseong)
            if jongseong != 0 { text.append(jongseong) }
            return
        }

        let filled = (choseong == 0 ? 0 : 1) + (jungseong == 0 ? 0 : 1) + (jongseong == 0 ? 0 : 1)
        if filled == 1 {
            let compatibility = JamoTables.conjoiningToCompatibility(choseong | jungseong | jongseong)
            if compatibility != 0 {
                text.append(compatibility)
                return
            }
        } else if choseong != 0, jungseong != 0 {
            let syllable = Syllable.composeValue(choseong, jungseong, jongseong)
            if syllable != 0 {
                text.append(syllable)
                return
            }
        }
        text.append(choseong == 0 ? Jamo.choseongFiller.rawValue : choseong)
        text.append(jungseong == 0 ? Jamo.jungseongFiller.rawValue : jungseong)
        if jongseong != 0 { text.append(jongseong) }
    }
}
