@_spi(Differential) import HangulCore

/// Types the same keys into our ``HangulCore/Composer`` and into libhangul and compares commit,
/// preedit and the consumed flag after every key, then the final flush.
///
/// One check holds one libhangul context and is reused for many streams: each stream starts from a
/// fresh composer and a reset context. The fast path (``firstMismatch(_:)``) compares in place and
/// never allocates on a key; ``traces(_:)`` records both sides for a report.
public final class DifferentialCheck {
    public let layout: Layout
    /// Our side's options (for ``ComparedOptions`` streams, its ``ComparedOptions/ours``).
    public let ourOptions: ComposerOptions
    /// libhangul's side.
    public let libhangulSettings: LibhangulSettings
    /// Whether our side takes BackSpace the way libhangul does, flaw included (README, deliberate
    /// difference 2), so that BackSpace after auto-reorder is compared rather than left out.
    public let backspacesLikeLibhangul: Bool
    private let context: LibhangulContext

    /// A check of a layout against the libhangul keyboard with the same id.
    public init(
        layout: Layout, ours: ComposerOptions, libhangul: LibhangulSettings, backspacesLikeLibhangul: Bool = false
    ) throws(DifferentialError) {
        guard let context = LibhangulContext(keyboard: layout.id) else {
            throw .unknownLibhangulKeyboard(layout.id, known: LibhangulContext.keyboardIDs)
        }
        self.layout = layout
        self.ourOptions = ours
        self.libhangulSettings = libhangul
        self.backspacesLikeLibhangul = backspacesLikeLibhangul
        self.context = context
        context.setOption(.autoReorder, libhangul.autoReorder)
        context.setOption(.combiOnDoubleStroke, libhangul.combiOnDoubleStroke)
        context.setOption(.nonChoseongCombi, libhangul.nonChoseongCombi)
        context.setJamoOutput(libhangul.jamoOutput)
    }

    /// A check of one option combination, with the deliberate differences mapped.
    public convenience init(layout: Layout, options: ComparedOptions) throws(DifferentialError) {
        try self.init(
            layout: layout, ours: options.ours, libhangul: options.libhangul(on: layout), backspacesLikeLibhangul: true)
    }

    /// Our side, fresh for a stream.
    func makeComposer() -> Composer {
        var composer = Composer(layout: layout, options: ourOptions)
        composer.backspacesLikeLibhangul = backspacesLikeLibhangul
        return composer
    }

    /// The index of the first key whose step differs, `keys.count` when only the final flush differs,
    /// or `nil` when both sides agree throughout.
    public func firstMismatch(_ keys: some Collection<StreamKey>) -> Int? {
        var composer = makeComposer()
        context.reset()
        var index = 0
        for key in keys {
            let ours = Self.step(key, on: &composer)
            if key == .flush {
                guard Self.text(context.flush()) == ours.commit, context.preeditEquals(ComposedText()) else {
                    return index
                }
                index += 1
                continue
            }
            let consumed: Bool
            switch key {
            case .position(let position): consumed = context.process(position.ascii)
            case .space: consumed = context.process(0x20)
            case .backspace: consumed = context.backspace()
            case .flush: consumed = true
            }
            // libhangul does not clear its commit string on BackSpace (nothing reads it there), so a
            // BackSpace step commits nothing on its side by definition.
            let commitAgrees = key == .backspace ? ours.commit.isEmpty : context.commitEquals(ours.commit)
            if consumed != ours.consumed || !commitAgrees || !context.preeditEquals(ours.preedit) { return index }
            index += 1
        }
        return composer.flush() == Self.text(context.flush()) ? nil : index
    }

    /// libhangul's scalars as inline text; longer than any step can be, they become a text that can
    /// equal nothing of ours (an unpaired surrogate value), so the comparison fails rather than traps.
    static func text(_ scalars: [UInt32]) -> ComposedText {
        var text = ComposedText()
        for scalar in scalars {
            guard text.count < ComposedText.capacity else {
                var impossible = ComposedText()
                impossible.append(0xD800)
                return impossible
            }
            text.append(scalar)
        }
        return text
    }

    /// Both sides' traces of a stream, for a report.
    public func traces(_ keys: some Collection<StreamKey>) -> (ours: Trace, libhangul: Trace) {
        var composer = makeComposer()
        context.reset()
        var ours = Trace()
        var theirs = Trace()
        for key in keys {
            let output = Self.step(key, on: &composer)
            ours.steps.append(
                Step(consumed: output.consumed, commit: output.commit.scalars, preedit: output.preedit.scalars))
            switch key {
            case .position(let position):
                let consumed = context.process(position.ascii)
                theirs.steps.append(Step(consumed: consumed, commit: context.commit, preedit: context.preedit))
            case .space:
                let consumed = context.process(0x20)
                theirs.steps.append(Step(consumed: consumed, commit: context.commit, preedit: context.preedit))
            case .backspace:
                let consumed = context.backspace()
                theirs.steps.append(Step(consumed: consumed, commit: [], preedit: context.preedit))
            case .flush:
                let commit = context.flush()
                theirs.steps.append(Step(consumed: true, commit: commit, preedit: context.preedit))
            }
        }
        ours.flush = composer.flush().scalars
        theirs.flush = context.flush()
        return (ours, theirs)
    }

    /// Our side of one key, as a frontend drives the composer: space flushes and is let through.
    static func step(_ key: StreamKey, on composer: inout Composer) -> Composer.Output {
        switch key {
        case .position(let position): composer.process(position)
        case .space: Composer.Output(consumed: false, commit: composer.flush())
        case .backspace: composer.backspace()
        case .flush: Composer.Output(consumed: true, commit: composer.flush())
        }
    }
}

/// Why a differential run could not start.
public enum DifferentialError: Error, Equatable, CustomStringConvertible {
    case unknownLibhangulKeyboard(String, known: [String])
    case unknownLayout(String, known: [String])
    case unreadableCorpus(path: String, reason: String)

    public var description: String {
        switch self {
        case .unknownLibhangulKeyboard(let id, let known):
            "libhangul has no keyboard \"\(id)\"; it has: \(known.joined(separator: ", "))"
        case .unknownLayout(let id, let known):
            "unknown layout \"\(id)\"; known: \(known.joined(separator: ", "))"
        case .unreadableCorpus(let path, let reason):
            "cannot read the corpus \(path): \(reason)"
        }
    }
}
