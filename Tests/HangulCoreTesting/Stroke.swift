import HangulCore

/// One thing a frontend can do to a composer: the alphabet of the laws' random streams.
public enum Stroke: Hashable, Sendable, CustomStringConvertible {
    case key(KeyPosition)
    /// The space bar: not a position, so the frontend flushes and lets it through.
    case space
    case backspace
    case flush
    case reset

    /// A random number as a stroke on a layout: mostly the layout's Hangul keys, so streams build real
    /// syllables, then its other positions, space and BackSpace; flush and reset only when asked for.
    public static func decode(_ value: Int, on layout: Layout, withFlushAndReset: Bool = false) -> Stroke {
        let hangulKeys = hangulKeyPositions(of: layout)
        let choice = value % 100
        let pick = value / 100
        switch choice {
        case 0..<70 where !hangulKeys.isEmpty: return .key(hangulKeys[pick % hangulKeys.count])
        case 0..<80: return .key(KeyPosition.all[pick % KeyPosition.all.count])
        case 80..<86: return .space
        case 86..<94 where withFlushAndReset: return pick % 2 == 0 ? .flush : .reset
        default: return .backspace
        }
    }

    /// The positions that type a jamo on a layout, dual-role keys included.
    public static func hangulKeyPositions(of layout: Layout) -> [KeyPosition] {
        KeyPosition.all.filter {
            switch layout.action(at: $0) {
            case .jamo, .dual: true
            case .symbol, .none: false
            }
        }
    }

    public var description: String {
        switch self {
        case .key(let position): position.description
        case .space: "<space>"
        case .backspace: "<BackSpace>"
        case .flush: "<flush>"
        case .reset: "<reset>"
        }
    }

    /// Applies the stroke as a frontend would; flush and reset report what they committed (reset:
    /// nothing) as a consumed step.
    public func apply(to composer: inout Composer) -> Composer.Output {
        switch self {
        case .key(let position): return composer.process(position)
        case .space: return Composer.Output(consumed: false, commit: composer.flush())
        case .backspace: return composer.backspace()
        case .flush: return Composer.Output(consumed: true, commit: composer.flush())
        case .reset:
            composer.reset()
            return Composer.Output(consumed: true)
        }
    }
}

extension ComposerOptions {
    /// One of the 32 combinations of the four switches and the output form, by its bits.
    public init(bits: Int) {
        self.init()
        autoReorder = bits & 1 != 0
        combiOnDoubleStroke = bits & 2 != 0
        nonChoseongCombi = bits & 4 != 0
        extendedVowels = bits & 8 != 0
        output = bits & 16 != 0 ? .jamo : .syllables
    }

    /// Every switch on: the composer can then show the most jamo.
    public static var everythingOn: ComposerOptions {
        var options = ComposerOptions(bits: 15)
        options.output = .syllables
        return options
    }
}
