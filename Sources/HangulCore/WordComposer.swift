/// Word-commit mode: the preedit holds the whole word being typed, not just its last syllable.
///
/// A ``Composer`` finishes a syllable as soon as the next key cannot join it and hands it over as
/// a commit. Here that commit stays in the preedit: the word (한글) is shown composing until
/// something ends it, and only then is it committed in one piece. That is what ibus-hangul's
/// `word-commit` and fcitx5-hangul's word mode do; it lets a frontend convert whole words to hanja
/// and gives applications with poor preedit handling one commit per word.
///
/// What ends a word: a key the layout leaves to the application (the composer does not consume
/// it), a layout symbol key (3-set digits and punctuation, committed after the word), and whatever
/// the caller decides by calling ``flush()``: space, Return, a named key, a shortcut, a focus
/// change, a hanja key. The composer itself stays per syllable; this type keeps the word around it.
///
/// BackSpace edits jamo by jamo across the whole word. Inside the syllable being composed it is the
/// composer's own BackSpace. With that syllable gone it reaches back into the word's last finished
/// syllable: the syllable becomes the composer's again, exactly as the keystrokes left it, and loses
/// its latest keystroke (한글, BackSpace four times: 한그, 한ㄱ, 한, 하), so typing on composes with it
/// as if it had never been finished. A syllable finished in a way this type cannot take back
/// keystroke by keystroke (none among the built-in layouts' automata that the tests found; see
/// ``FinishedSyllable/chain``) goes whole.
///
/// Cost: a finished syllable is kept with the keystrokes that built it, 208 bytes
/// (``FinishedSyllable``), in an array that grows to the longest word typed and is reused, in
/// place, by every later word; a word holds at most ``maximumSyllables`` finished syllables
/// (13 KiB). The composer, the array's reference and count, and the unit are 200 bytes, 16 more than a bare
/// ``Composer``. So typing allocates only when the array grows (at the first finished syllable,
/// then only for a word longer than any before: a handful of times in a composer's life), or when
/// the caller still holds an earlier step's ``WordText`` while the next key changes the word,
/// which then copies it. Per key, the work beyond the composer's own is a copy of the composer
/// (184 bytes) kept until the key is done, and, when the key finished a syllable, rendering at
/// most four candidate states to find its keystrokes. Text is returned as ``WordText``, a view
/// that builds no `String` until the boundary asks for one.
///
/// With ``unit`` set to ``CommitUnit/syllable`` the word is never held: every step is the
/// composer's own, passed through as ``WordText`` without finished syllables, so one session type
/// (`InputContext`) drives both units through the same calls and the same result type. That pass
/// through costs one comparison per key and allocates nothing.
public struct WordComposer: Sendable {
    /// What one operation asks of the caller, as ``Composer/Output``: commit ``commit`` first, show
    /// ``preedit`` (the whole word), then, when ``consumed`` is false, let the key through.
    public struct Output: Sendable, Equatable {
        public var consumed: Bool
        /// Text to insert now: a finished word, or nothing while the word goes on.
        public var commit: WordText
        /// The whole word being composed after this step.
        public var preedit: WordText

        public init(consumed: Bool, commit: WordText = WordText(), preedit: WordText = WordText()) {
            self.consumed = consumed
            self.commit = commit
            self.preedit = preedit
        }
    }

    /// A syllable of the word that the composer has finished.
    struct FinishedSyllable: Sendable {
        /// The syllable as the composer wrote it out.
        var text: ComposedText
        /// The keystrokes the syllable was finished from, so that BackSpace can hand it back to the
        /// composer; nil when none of the ways a key finishes a syllable reproduced ``text``, and
        /// the syllable can then only be deleted whole.
        var chain: JamoChain?
    }

    /// The most finished syllables a word holds. The key that finishes one more commits the word so
    /// far and the word goes on from the syllable being composed: a bound on the memory a session
    /// can make the daemon keep, far beyond any real word (Korean words, 어절, rarely pass ten).
    public static let maximumSyllables = 64

    /// The per-syllable automaton.
    public private(set) var composer: Composer
    /// Whether the word is held (``CommitUnit/word``) or each syllable is committed as the
    /// composer finishes it (``CommitUnit/syllable``); change it with ``setUnit(_:)``.
    public private(set) var unit: CommitUnit
    /// The word's finished syllables, oldest first: the first ``finishedCount`` elements. Entries
    /// past the count are storage kept for the next word, overwritten in place, so that a word's
    /// end frees nothing and the next word allocates nothing.
    var storage: [FinishedSyllable] = []
    var finishedCount = 0

    /// The word's finished syllables, oldest first.
    var finished: ArraySlice<FinishedSyllable> { storage[..<finishedCount] }

    public init(layout: Layout = .dubeolsik, options: ComposerOptions = ComposerOptions(), unit: CommitUnit = .word) {
        composer = Composer(layout: layout, options: options)
        self.unit = unit
    }

    /// The layout keys are read through; change it with ``configure(layout:options:)``.
    public var layout: Layout { composer.layout }
    /// The composer's options; change them with ``configure(layout:options:)``.
    public var options: ComposerOptions { composer.options }

    /// Whether no word is being composed.
    public var isEmpty: Bool { finishedCount == 0 && composer.isEmpty }

    /// The whole word being composed.
    public var preedit: WordText { WordText(finished: finished, rest: composer.preedit) }

    /// Changes the layout and options, first committing the word: its finished syllables were
    /// written under the old options, and its keystrokes mean something else on another layout.
    public mutating func configure(layout: Layout, options: ComposerOptions) -> WordText {
        let word = flush()
        composer.layout = layout
        composer.options = options
        return word
    }

    /// Changes the commit unit, first committing the word: a unit never changes inside a word.
    public mutating func setUnit(_ newUnit: CommitUnit) -> WordText {
        guard newUnit != unit else { return WordText() }
        let word = flush()
        unit = newUnit
        return word
    }

    /// Types the key at a position.
    public mutating func process(_ position: KeyPosition) -> Output {
        guard unit == .word else {
            let step = composer.process(position)
            return Output(consumed: step.consumed, commit: WordText(step.commit), preedit: WordText(step.preedit))
        }
        let before = composer
        let step = composer.process(position)
        let endsWord: Bool
        switch layout.action(at: position) {
        case .jamo, .dual: endsWord = !step.consumed
        case .symbol, .none: endsWord = true
        }
        if endsWord {
            let word = WordText(finished: finished, rest: step.commit)
            finishedCount = 0
            return Output(consumed: step.consumed, commit: word, preedit: preedit)
        }
        guard !step.commit.isEmpty else { return Output(consumed: true, preedit: preedit) }
        let syllable = FinishedSyllable(text: step.commit, chain: Self.chain(finishing: before, into: step.commit))
        if finishedCount < storage.count {
            storage[finishedCount] = syllable
        } else {
            storage.append(syllable)
        }
        finishedCount += 1
        guard finishedCount > Self.maximumSyllables else { return Output(consumed: true, preedit: preedit) }
        let word = WordText(finished: finished, rest: ComposedText())
        finishedCount = 0
        return Output(consumed: true, commit: word, preedit: preedit)
    }

    /// Removes the word's latest keystroke; with no word the key is not consumed, so the
    /// application deletes the character before the cursor itself.
    public mutating func backspace() -> Output {
        guard unit == .word else {
            let step = composer.backspace()
            return Output(consumed: step.consumed, commit: WordText(step.commit), preedit: WordText(step.preedit))
        }
        if !composer.isEmpty {
            _ = composer.backspace()
            return Output(consumed: true, preedit: preedit)
        }
        guard finishedCount > 0 else { return Output(consumed: false) }
        finishedCount -= 1
        if let chain = storage[finishedCount].chain {
            composer.chain = chain
            _ = composer.backspace()
        }
        return Output(consumed: true, preedit: preedit)
    }

    /// Finishes the word and returns it as the text to commit.
    public mutating func flush() -> WordText {
        let word = WordText(finished: finished, rest: composer.flush())
        finishedCount = 0
        return word
    }

    /// Removes the first `count` scalars of the word, the text a hanja candidate converted, and
    /// keeps the rest composing (대한민국 less 대한 leaves 민국 in the preedit, 민 finished and 국
    /// still the composer's, so BackSpace and typing go on as before).
    ///
    /// Whole syllables are removed from the front. When `count` ends inside a syllable, which
    /// precomposed text never does (a dictionary key is whole syllables) but conjoining jamo
    /// output can, that syllable goes too and the scalars of it past `count` are returned, for the
    /// caller to commit after the conversion rather than lose; otherwise the result is empty.
    public mutating func removePrefix(scalars count: Int) -> ComposedText {
        var remaining = count
        var removed = 0
        var leftover = ComposedText()
        while removed < finishedCount, remaining > 0 {
            let text = storage[removed].text
            if remaining < text.count {
                for index in remaining..<text.count { leftover.append(text.storage[index]) }
            }
            remaining -= min(remaining, text.count)
            removed += 1
        }
        if removed > 0 {
            for index in 0..<(finishedCount - removed) { storage[index] = storage[index + removed] }
            finishedCount -= removed
        }
        guard remaining > 0 else { return leftover }
        let text = composer.preedit
        if remaining < text.count {
            for index in remaining..<text.count { leftover.append(text.storage[index]) }
        }
        composer.reset()
        return leftover
    }

    /// Drops the word without committing it.
    public mutating func reset() {
        finishedCount = 0
        composer.reset()
    }

    /// The final of one written syllable (precomposed, or conjoining jamo), or nil when it has none.
    static func finalJamo(of text: ComposedText) -> Jamo? {
        if text.count == 3, JamoSlot(of: text.storage[2]) == .jongseong { return Jamo(rawValue: text.storage[2]) }
        guard text.count == 1, let scalar = Unicode.Scalar(text.storage[0]) else { return nil }
        return Syllable.decompose(scalar)?.jongseong
    }

    /// The keystrokes a key finished `text` from, given the composer just before the key.
    ///
    /// A key finishes a syllable in one of four ways, which the automata share: the syllable is
    /// finished as it was (the key starts the next one); its latest keystroke moves on to the next
    /// syllable first (a two-set vowel takes the final: 닭 + ㅏ finishes 달); romaja splits a final
    /// typed with one key and keeps part of it (x then e: 악 + 세); or romaja fills an empty vowel
    /// slot with ㅡ before finishing it (k then s finishes 크). The one that writes
    /// out exactly `text` is the one that happened. Only composer internals in this module are
    /// touched; the composer's own hot path is unchanged.
    static func chain(finishing before: Composer, into text: ComposedText) -> JamoChain? {
        var probe = before
        if probe.preedit == text { return probe.chain }
        probe.chain.removeTail()
        if !probe.chain.isEmpty, probe.preedit == text { return probe.chain }
        if probe.layout.kind == .romaja, !probe.chain.isEmpty, let final = finalJamo(of: text) {
            probe.chain.setImplicit(final, of: .jongseong)
            if probe.preedit == text { return probe.chain }
        }
        probe = before
        if probe.layout.kind == .romaja, probe.chain.value(of: .jungseong) == nil {
            // ㅡ, which romaja writes after a consonant that cannot join the next one (k then s → 크).
            probe.chain.setImplicit(.jungseongEu, of: .jungseong)
            if probe.preedit == text { return probe.chain }
        }
        return nil
    }
}
