import HangulCore
import HangulKeys
import HangulProtocol
import PropertyBased

/// Random requests of one method, for the write-then-parse round trips: every parameter drawn from
/// its whole range, ids of both kinds (and none: notifications), strings with escapes and Hangul.
enum RequestGenerator {
    static func requests(_ name: Request.Method.Name) -> Generator<Request, Shrink.None<Request>> {
        Generator { rng in Request(id: id(using: &rng), method: method(name, using: &rng)) }
    }

    static func method(_ name: Request.Method.Name, using rng: inout some RandomNumberGenerator) -> Request.Method {
        switch name {
        case .hello:
            let offers: [Int64] = [1, 2, .max, Int64.random(in: 1...1000, using: &rng)]
            return .hello(
                HelloParams(
                    offeredVersion: offers.randomElement(using: &rng) ?? 1,
                    client: Bool.random(using: &rng) ? nil : string(maxBytes: Wire.maxClientNameBytes, using: &rng)))
        case .key: return .key(keyEvent(using: &rng))
        case .reset: return .reset
        case .cancel: return .cancel
        case .setOptions: return .setOptions(patch(using: &rng))
        case .getOptions: return .getOptions
        case .setMode: return .setMode(InputMode.allCases.randomElement(using: &rng) ?? .hangul)
        case .toggle: return .toggle
        case .setContentType: return .setContentType(ContentType.allCases.randomElement(using: &rng) ?? .normal)
        case .ping: return .ping
        case .status: return .status
        case .reload: return .reload
        case .setSurroundingText:
            return .setSurroundingText(
                SurroundingText(
                    beforeCursor: string(maxBytes: SurroundingText.maxBytes, using: &rng),
                    selection: Bool.random(using: &rng) ? "" : string(maxBytes: SurroundingText.maxBytes, using: &rng)))
        case .selectCandidate: return .selectCandidate(Int.random(in: 0...Int(Int32.max), using: &rng))
        case .closeCandidates: return .closeCandidates
        case .listOptions: return .listOptions
        case .setFocus:
            return .setFocus(
                FocusChange(
                    focused: Bool.random(using: &rng), application: Bool.random(using: &rng) ? "" : "gedit",
                    field: Bool.random(using: &rng) ? "" : "/org/freedesktop/IBus/InputContext_7"))
        case .focusedMode:
            return .focusedMode(Bool.random(using: &rng) ? nil : ModeChange.allCases.randomElement(using: &rng))
        }
    }

    /// An integer (the extremes included), a string, or nil for a notification now and then.
    static func id(using rng: inout some RandomNumberGenerator) -> RequestID? {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: nil
        case 1: .integer([Int64.min, Int64.max, -1, 0].randomElement(using: &rng) ?? 0)
        case 2, 3: .string(string(maxBytes: Wire.maxIDBytes, using: &rng))
        default: .integer(Int64.random(in: 0...999_999_999_999_999_999, using: &rng))
        }
    }

    static func keyEvent(using rng: inout some RandomNumberGenerator) -> KeyEvent {
        KeyEvent(
            keysym: Keysym(rawValue: UInt32.random(in: 0...KeyEvent.maxKeysym, using: &rng)),
            keycode: Bool.random(using: &rng) ? nil : UInt32.random(in: KeyEvent.keycodeRange, using: &rng),
            modifiers: ModifierMask(rawValue: UInt32.random(in: 0...0xFF, using: &rng)),
            isRelease: Bool.random(using: &rng))
    }

    static func patch(using rng: inout some RandomNumberGenerator) -> OptionsPatch {
        var patch = OptionsPatch()
        // Every option the table has, each sent or not, with a value its kind takes.
        for key in OptionKey.perSession where Bool.random(using: &rng) {
            switch key.kind {
            case .layout: patch[key] = LayoutCatalog.builtIn.ids.randomElement(using: &rng).map(OptionValue.word)
            case .flag: patch[key] = .flag(Bool.random(using: &rng))
            case .choice(let choices): patch[key] = choices.randomElement(using: &rng).map { .word($0.word) }
            case .keys:
                patch[key] = .keys(
                    (0..<Int.random(in: 0...Wire.maxToggleKeys, using: &rng)).map { _ in chord(using: &rng) })
            }
        }
        return patch
    }

    /// Keysyms by their canonical names: named keys, letters of both cases, a Unicode keysym.
    private static let chordKeysyms = [
        "Hangul", "Hangul_Hanja", "space", "Alt_R", "Control_L", "F9", "Escape", "a", "Z", "EuroSign", "XF86AudioMute",
    ]

    static func chord(using rng: inout some RandomNumberGenerator) -> KeyChord {
        let name = chordKeysyms.randomElement(using: &rng) ?? "Hangul"
        let modifiers = ModifierMask(rawValue: UInt32.random(in: 0...0xFF, using: &rng))
            .intersection(KeyChord.significantModifiers)
        return KeyChord(keysym: Keysym(exactName: name) ?? .hangul, modifiers: modifiers)
    }

    private static let stringPieces = [
        "", "a", "ibus", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "가", "ㄱ", "😀", "\u{2028}", " ",
    ]

    /// A string of pieces that need escaping and some that do not, at most `maxBytes` bytes.
    static func string(maxBytes: Int, using rng: inout some RandomNumberGenerator) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 0...8, using: &rng) {
            let piece = stringPieces.randomElement(using: &rng) ?? ""
            guard text.utf8.count + piece.utf8.count <= maxBytes else { break }
            text += piece
        }
        return text
    }
}
