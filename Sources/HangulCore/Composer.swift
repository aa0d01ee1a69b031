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
        switch layout.action(at: position) {
        case .none:
            return Output(consumed: false, commit: flush())
        case .symbol(let scalar):
            var commit = flush()
            commit.append(scalar.value)
            return Output(consumed: true, commit: commit)
        case .jamo(let jamo):
            var output = Output(consumed: true)
            switch layout.kind {
            // No romaja layout is built in yet; until one brings its own rules (a vowel after a
            // final, the silent ㅇ) it composes like a two-set layout.
            case .jamo, .romaja: typeTwoSet(jamo.rawValue, commit: &output.commit)
            case .jaso: typeThreeSet(jamo.rawValue, commit: &output.commit)
            }
            appendSyllable(to: &output.preedit)
            return output
        }
    }

    /// Removes the latest keystroke's jamo; with nothing composed the key is not consumed, so the
    /// application deletes the character before the cursor itself.
    public mutating func backspace() -> Output {
        var output = Output(consumed: chain.removeTail() != nil)
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
    /// One key of a two-set layout. Consonant keys arrive as initials; whether one becomes this
    /// syllable's final or the next one's initial is decided here, and a vowel after a final takes
    /// its last keystroke back as the next syllable's initial (닭+ㅏ → 달가).

    mutating func typeTwoSet(_ jamo: UInt32, commit: inout ComposedText) {
        let isConsonant = JamoSlot(of: jamo) == .choseong
        let choseong = chain.value(of: .choseong)
        let jungseong = chain.value(of: .jungseong)
        let jongseong = chain.value(of: .jongseong)

        if jongseong != 0 {
            if isConsonant {
                let final = JamoTables.choseongToJongseong(jamo)
                let merged = final == 0 ? 0 : combine(jongseong, final)
                if merged != 0 {
                    push(.jongseong, typed: final, value: merged, commit: &commit)
                } else {
                    commitSyllable(into: &commit)
                    push(.choseong, typed: jamo, value: jamo, commit: &commit)
                }
            } else {
                let taken = chain.removeTail()
                commitSyllable(into: &commit)
                if let taken {
                    let initial = JamoTables.jongseongToChoseong(taken.typed)
                    if initial != 0 { push(.choseong, typed: initial, value: initial, commit: &commit) }
                }
                push(.jungseong, typed: jamo, value: jamo, commit: &commit)
            }
        } else if jungseong != 0 {
            if isConsonant {
                if choseong != 0 {
                    let final = JamoTables.choseongToJongseong(jamo)
                    if final != 0 {
                        push(.jongseong, typed: final, value: final, commit: &commit)
                    } else {
                        commitSyllable(into: &commit)
                        push(.choseong, typed: jamo, value: jamo, commit: &commit)
                    }
                } else {
                    if !options.autoReorder { commitSyllable(into: &commit) }
                    push(.choseong, typed: jamo, value: jamo, commit: &commit)
                }
            } else {
                let merged = combine(jungseong, jamo)
                if merged != 0 {
                    push(.jungseong, typed: jamo, value: merged, commit: &commit)
                } else {
                    commitSyllable(into: &commit)
                    push(.jungseong, typed: jamo, value: jamo, commit: &commit)
                }
            }
        } else if choseong != 0 {
            if isConsonant {
                let merged = combine(choseong, jamo)
                if merged != 0 {
                    push(.choseong, typed: jamo, value: merged, commit: &commit)
                } else if options.nonChoseongCombi, mergeInitialsAsFinal(jamo, after: choseong, commit: &commit) {
                    return
                } else {
                    commitSyllable(into: &commit)
                    push(.choseong, typed: jamo, value: jamo, commit: &commit)
                }
            } else {
                push(.jungseong, typed: jamo, value: jamo, commit: &commit)
            }
        } else {
            let slot: JamoSlot = isConsonant ? .choseong : .jungseong
            push(slot, typed: jamo, value: jamo, commit: &commit)
        }
    }

    /// Two initials that only merge as a final cluster (ㄱ+ㅅ → ㄳ) become a final-only syllable, so
    /// the cluster shows, and a following vowel still takes ㅅ back (→ ㄱ, 사).

    mutating func mergeInitialsAsFinal(_ jamo: UInt32, after choseong: UInt32, commit: inout ComposedText) -> Bool {
        let first = JamoTables.choseongToJongseong(choseong)
        let second = JamoTables.choseongToJongseong(jamo)
        guard first != 0, second != 0 else { return false }
        let merged = combine(first, second)
        guard merged != 0, chain.move(.choseong, to: .jongseong, convert: JamoTables.choseongToJongseong) else {
            return false
        }
        push(.jongseong, typed: second, value: merged, commit: &commit)
        return true
    }
}

// MARK: - Three-set (sebeolsik) automaton

extension Composer {
    /// One key of a three-set layout: the key names its slot, so a jamo either merges with the
    /// same slot's latest keystroke or, when the slot is taken, starts the next syllable.

    mutating func typeThreeSet(_ jamo: UInt32, commit: inout ComposedText) {
        guard let slot = JamoSlot(of: jamo) else { return }
        let current = chain.value(of: slot)
        if current == 0 {
            push(slot, typed: jamo, value: jamo, commit: &commit)
            return
        }
        let merged = chain.tail?.slot == slot ? combine(current, jamo) : 0
        if merged != 0 {
            push(slot, typed: jamo, value: merged, commit: &commit)
        } else {
            commitSyllable(into: &commit)
            push(slot, typed: jamo, value: jamo, commit: &commit)
        }
    }
}

// MARK: - Shared steps

extension Composer {
    /// The jamo two jamo merge into under this layout and these options, or 0.
    ///
    /// On two-set layouts an identical pair (ㄱ+ㄱ, final ㅅ+ㅅ) merges only with
    /// `combi-on-double-stroke`, since Shift already types the tense consonant there.
    // Inlined: out of line, a call from a mutating method first copies the whole composer (180 bytes).
    @inline(__always)
    func combine(_ first: UInt32, _ second: UInt32) -> UInt32 {
        if first == second, layout.kind == .jamo, !options.combiOnDoubleStroke { return 0 }
        let merged = layout.combinations.combine(first, second)
        if merged != 0 || !options.extendedVowels { return merged }
        return layout.extendedVowelCombinations.combine(first, second)
    }

    /// Adds a keystroke; a full chain first commits what it holds, so no key is ever dropped.
    mutating func push(_ slot: JamoSlot, typed: UInt32, value: UInt32, commit: inout ComposedText) {
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
