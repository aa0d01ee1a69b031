import HangulCore
import HangulHanja
import HangulKeys
import HangulProtocol

/// Types in this process: the keys go to an ``InputContext``, the session rules the daemon uses,
/// except on a lane for the keys that make up almost all of a batch.
///
/// Profiling a batch showed the per-key bookkeeping of `InputContext` (the pressed-key ring that
/// pairs each release with its press, a `KeyResult` per release) costing more than the composer
/// itself. Yet for a *plain* key (a printable US-QWERTY character with at most Shift, space, or
/// BackSpace, no modifiers) typed in Hangul mode with the default toggle keys, PROTOCOL.md section
/// 9.1 reduces to one composer call: a position goes to `Composer.process`, BackSpace to
/// `Composer.backspace`, space commits and passes. So each input starts on that lane, with a
/// `Composer` of its own, and keeps the plain keys typed since the composer was last empty. The
/// first other key (a toggle, a named key, a modifier, a character of another script) switches the
/// input to an `InputContext`: a fresh one, replaying those few keys so that it holds the same
/// syllable, takes the key and the rest of the input. A composer that is empty again behaves as a
/// fresh one, so the replay is exact; a test compares the two engines key by key on random streams
/// of every kind of key, on every layout.
///
/// For a sink that shows no preedit (plain text output, ``StepSink/needsPreedit``), the lane is
/// a loop of its own using the composer's lean calls (``Composer/process(_:commit:)``), which make
/// no preedit and return no ``Composer/Output``; the same test drives the lane both ways.
///
/// In word-commit mode, and with automatic repair (`--option auto-fix`), every key goes to the
/// `InputContext`: the plain lane is syllable mode's, and it keeps no account of the word being
/// typed, which a repair at the word's end replaces.
public struct InProcessEngine: KeyEngine {
    public let layout: Layout
    public let options: ComposerOptions
    /// Syllable by syllable (the plain lane, then a session), or word by word (a session only).
    public let commitUnit: CommitUnit
    /// The composer of the plain lane.
    private var composer: Composer
    /// The session once the input has left the plain lane (`inContext`); kept apart from the
    /// flag so that the per-key test does not touch the whole optional session.
    private var context: InputContext?
    private var inContext = false
    /// Plain keys typed since the composer was last empty, to replay into an `InputContext`: the
    /// first `sinceEmptyCount` of the array, which is reused.
    private var sinceEmpty: [KeyPress] = []
    private var sinceEmptyCount = 0

    /// Where hanja keys find candidates; nil leaves them to pass as named keys.
    public let hanja: HanjaDictionarySource?
    /// The rule the fix keys apply, on the text the sink holds; nil leaves them doing nothing.
    public let wrongMode: (any WrongModeRule)?
    /// Whether words typed in the wrong mode are repaired where they end (PROTOCOL.md section 9.8).
    public let autoFix: Bool

    public init(
        layout: Layout, options: ComposerOptions, hanja: HanjaDictionarySource? = nil,
        commitUnit: CommitUnit = .syllable, wrongMode: (any WrongModeRule)? = nil, autoFix: Bool = false
    ) {
        self.wrongMode = wrongMode
        self.autoFix = autoFix
        self.layout = layout
        self.options = options
        self.hanja = hanja
        self.commitUnit = commitUnit
        composer = Composer(layout: layout, options: options)
        if commitUnit == .word || autoFix { switchToContext() }
    }

    public mutating func begin() {
        composer.reset()
        context = nil
        inContext = false
        sinceEmptyCount = 0
        if commitUnit == .word || autoFix { switchToContext() }
    }

    @_specialize(where Sink == StepPrinter)
    public mutating func type<Sink: StepSink>(_ keys: [KeyPress], into sink: inout Sink) throws {
        // A sink that shows no preedit (plain text output) takes the lean lane first (issue 25).
        var start = 0
        if !inContext, !sink.needsPreedit { start = try typeLean(keys, into: &sink) }
        for key in keys[start...] {
            // The plain lane is written out here rather than as a function returning the output:
            // returning it made two copies of it per key, and reading them back stalled the CPU.
            if !inContext {
                // Raw values rather than `.shift`, `.backSpace` and `KeyDecoder.position`: those are
                // globals of another module, each read through its lazy-initialisation check on
                // every key (issue 25). A printable keysym with at most Shift is its own position
                // (what `KeyDecoder.position` answers when Lock is not set).
                let value = key.keysym.rawValue
                let modifiers = key.modifiers.rawValue
                if value > 0x20, value < 0x7F, modifiers & ~Self.shiftBit == 0,
                    let position = KeyPosition(ascii: UInt8(truncatingIfNeeded: value))
                {
                    let output = composer.process(position)
                    remember(key, composerIsEmpty: output.preedit.count == 0)
                    try sink.take(key, handled: output.consumed, commit: output.commit, preedit: output.preedit)
                    continue
                }
                if modifiers == 0, value == 0x20 {
                    sinceEmptyCount = 0
                    let commit = composer.flush()
                    try sink.take(key, handled: false, commit: commit, preedit: ComposedText())
                    continue
                }
                if modifiers == 0, value == Self.backSpaceKeysym {
                    let output = composer.backspace()
                    remember(key, composerIsEmpty: output.preedit.count == 0)
                    try sink.take(key, handled: output.consumed, commit: output.commit, preedit: output.preedit)
                    continue
                }
            }
            if !inContext { switchToContext() }
            if let fixKeys = context?.fixKeys,
                fixKeys.contains(where: { $0.matches(keysym: key.keysym, modifiers: key.modifiers) })
            {
                // The field's text, as a frontend sends it just before a fix key.
                context?.setSurroundingText(beforeCursor: sink.textBeforeCursor)
            }
            let result = typeInContext(key)
            if result.deleteBefore > 0 || !result.converted.isEmpty {
                try sink.take(
                    key, handled: result.handled, commit: result.committedText, preedit: result.preedit.string,
                    deleteBefore: result.deleteBefore, candidates: .absent)
                continue
            }
            if let list = context?.candidateList, result.candidates != .unchanged || list.isOpen {
                try sink.take(
                    key, handled: result.handled, commit: result.committedText, preedit: result.preedit.string,
                    deleteBefore: result.deleteBefore,
                    candidates: CandidatesMember(result.candidates, page: list.isOpen ? CandidatePage(list) : nil))
                continue
            }
            try sink.take(key, handled: result.handled, commit: result.commit, preedit: result.preedit)
        }
    }

    /// The plain lane for a sink that shows no preedit: the composer's lean calls, which make no
    /// preedit and return no ``Composer/Output``, each commit handed over in place
    /// (``StepSink/take(_:handled:committing:)``). Types keys from the first while they stay on
    /// the lane and returns the index of the first it left to ``type(_:into:)``: a key that
    /// leaves the lane (which that loop then gives to a session), or the end.
    ///
    /// A function of its own, not a branch of `type`'s loop: grown with this lane, that loop
    /// became too large for the optimizer, which then stopped inlining the arrays' own checks
    /// and allocated for a constant set of modifiers on every forwarded key (issue 25).
    ///
    /// The keys to replay are not copied one by one, as ``remember(_:composerIsEmpty:)`` does:
    /// those of this batch are `keys[firstUnkept..<index]`, and only they are kept when the loop
    /// ends with the composer still holding a syllable (a write to an array per key checked that
    /// it was not shared, a call into the runtime).
    @inline(never)
    private mutating func typeLean<Sink: StepSink>(_ keys: [KeyPress], into sink: inout Sink) throws -> Int {
        var commit = ComposedText()
        var index = 0
        // Keys from here on were typed since the composer was last empty (after those kept in
        // `sinceEmpty` from earlier batches, when it was not empty at this batch's start).
        var firstUnkept = 0
        while index < keys.count, !inContext {
            let key = keys[index]
            // Raw values, as in `type` and for the same reason.
            let value = key.keysym.rawValue
            let modifiers = key.modifiers.rawValue
            let composing: Bool
            if value > 0x20, value < 0x7F, modifiers & ~Self.shiftBit == 0,
                let position = KeyPosition(ascii: UInt8(truncatingIfNeeded: value))
            {
                let step = composer.process(position, commit: &commit)
                composing = step.composing
                try sink.take(key, handled: step.consumed, committing: &commit)
            } else if modifiers == 0, value == 0x20 {
                composer.flush(into: &commit)
                composing = false
                try sink.take(key, handled: false, committing: &commit)
            } else if modifiers == 0, value == Self.backSpaceKeysym {
                let step = composer.removeKeystroke()
                composing = step.composing
                commit.removeAll()
                try sink.take(key, handled: step.consumed, committing: &commit)
            } else {
                break
            }
            index += 1
            if !composing {
                sinceEmptyCount = 0
                firstUnkept = index
            } else if sinceEmptyCount + index - firstUnkept > 4096 {
                // As `remember` does: a syllable kept open this long moves to the session.
                keep(keys[firstUnkept..<index])
                switchToContext()
                return index
            }
        }
        keep(keys[firstUnkept..<index])
        return index
    }

    /// Appends plain keys typed since the composer was last empty to those kept for the replay.
    private mutating func keep(_ keys: ArraySlice<KeyPress>) {
        for key in keys { keep(key) }
    }

    /// Appends one key to those kept for the replay, reusing the slots of an earlier syllable's.
    @inline(__always)
    private mutating func keep(_ key: KeyPress) {
        if sinceEmptyCount < sinceEmpty.count {
            sinceEmpty[sinceEmptyCount] = key
        } else {
            sinceEmpty.append(key)
        }
        sinceEmptyCount += 1
    }

    /// `ModifierMask.shift` and `Keysym.backSpace` as literals, checked against them by a test.
    static let shiftBit: UInt32 = 1
    static let backSpaceKeysym: UInt32 = 0xFF08

    /// Keeps a plain key for the replay, or forgets them all once the composer is empty (an empty
    /// preedit is an empty composer).
    @inline(__always)
    private mutating func remember(_ key: KeyPress, composerIsEmpty: Bool) {
        if composerIsEmpty {
            sinceEmptyCount = 0
            return
        }
        keep(key)
        // A syllable kept open for thousands of keys (BackSpace and retype, over and over): move
        // to the session now rather than keep a longer replay.
        if sinceEmptyCount > 4096 { switchToContext() }
    }

    private mutating func typeInContext(_ key: KeyPress) -> HangulKeys.KeyResult {
        if !inContext { switchToContext() }
        let result = context?.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
        _ = context?.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers, isRelease: true))
        guard let result else { preconditionFailure("internal inconsistency: no input context after switching") }
        return result
    }

    /// Leaves the plain lane: a fresh session that has typed the keys since the composer was empty.
    private mutating func switchToContext() {
        var session = InputContext(layout: layout, options: options, commitUnit: commitUnit)
        session.hanja = hanja
        session.wrongMode = wrongMode
        session.autoFix = autoFix
        for key in sinceEmpty[..<sinceEmptyCount] {
            _ = session.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
            _ = session.handle(KeyEvent(keysym: key.keysym, modifiers: key.modifiers, isRelease: true))
        }
        sinceEmptyCount = 0
        composer.reset()
        context = session
        inContext = true
    }

    public mutating func finish() -> WordText {
        inContext ? context?.flush() ?? WordText() : WordText(composer.flush())
    }
}
