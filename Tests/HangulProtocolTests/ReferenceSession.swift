import HangulCore
import HangulProtocol

/// The spec's session semantics written plainly on top of HangulCore, for checking transcripts.
///
/// This is not the daemon: it exists so that every expected line in `protocol/conformance` is
/// checked against the composer and against PROTOCOL.md's rules before any daemon exists. It
/// decodes keycodes with ``USKeymap`` and knows only the keysym names the transcripts use.
struct ReferenceSession {
    private var helloDone = false
    private var options = SessionOptions()
    private var composer = Composer()
    private var mode = InputMode.hangul
    private var purpose = ContentPurpose.normal
    /// Keys whose press was handled, so their release is consumed too; oldest first.
    private var heldKeys: [UInt64] = []

    static let keysymNames: [String: UInt32] = [
        "Hangul": 0xFF31, "Hangul_Hanja": 0xFF34, "space": 0x20, "Alt_R": 0xFFEA, "Escape": 0xFF1B, "F9": 0xFFC6,
    ]

    private var effectiveMode: InputMode { purpose == .password ? .latin : mode }
    private var preedit: String { composer.preedit.string }

    /// The reply line for one parsed line, or nil when none is due.
    mutating func handle(_ incoming: IncomingLine) -> String? {
        switch incoming {
        case .blank, .invalidNotification: return nil
        case .invalid(let error): return text(Reply.line(for: error))
        case .request(let request):
            let outcome = perform(request)
            guard let id = request.id else { return nil }
            switch outcome {
            case .success(let result): return text(Reply.line(id: id, result: result))
            case .failure(var error):
                error.id = id
                return text(Reply.line(for: error))
            }
        }
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes.dropLast(), as: UTF8.self) }

    private mutating func perform(_ request: Request) -> Result<any ReplyResult, ProtocolError> {
        if case .hello(let hello) = request.method {
            guard !helloDone else { return .failure(.helloRepeated(id: nil)) }
            helloDone = true
            guard let version = hello.negotiatedVersion else { preconditionFailure("parser checks the version") }
            return .success(HelloResult(protocolVersion: version, mode: effectiveMode, options: options))
        }
        guard helloDone else { return .failure(.helloRequired(id: nil)) }
        switch request.method {
        case .hello: preconditionFailure("handled above")
        case .key(let key): return .success(press(key))
        case .reset:
            // Mutate first, then read: `state(commit: composer.flush())` would read self before the flush.
            let commit = composer.flush().string
            return .success(state(commit: commit))
        case .cancel:
            composer.reset()
            return .success(state(commit: ""))
        case .setOptions(let patch):
            if let keys = patch.toggleKeys {
                for (index, key) in keys.enumerated() where Self.keysymNames[key.keysymName] == nil {
                    return .failure(.unknownKeysymName(key.keysymName, index: index, id: nil))
                }
            }
            let commit = composer.flush().string
            options = options.applying(patch)
            guard let layout = Layout.named(options.layout) else { preconditionFailure("parser checks layouts") }
            composer = Composer(layout: layout, options: options.composer)
            return .success(OptionsResult(state: state(commit: commit), options: options))
        case .getOptions: return .success(OptionsResult(state: nil, options: options))
        case .setMode(let newMode):
            let commit = switchMode(to: newMode)
            return .success(state(commit: commit))
        case .toggle:
            let commit = switchMode(to: mode == .hangul ? .latin : .hangul)
            return .success(state(commit: commit))
        case .setContentType(let newPurpose):
            let commit = newPurpose == .password ? composer.flush().string : ""
            purpose = newPurpose
            return .success(state(commit: commit))
        case .ping: return .success(EmptyResult())
        }
    }

    private func state(commit: String) -> StateResult {
        StateResult(commit: commit, preedit: preedit, mode: effectiveMode)
    }

    /// Changes the mode; leaving Hangul commits the preedit, which is returned.
    private mutating func switchMode(to newMode: InputMode) -> String {
        let commit = newMode == .latin ? composer.flush().string : ""
        mode = newMode
        return commit
    }

    private mutating func press(_ key: KeyParams) -> KeyResult {
        let identity = key.keycode.map { UInt64($0) | 1 << 40 } ?? UInt64(Self.folded(key.keysym))
        if key.isRelease {
            let handled = heldKeys.contains(identity)
            heldKeys.removeAll { $0 == identity }
            return KeyResult(handled: handled, commit: "", preedit: preedit, mode: effectiveMode)
        }
        var result = decide(key)
        heldKeys.removeAll { $0 == identity }
        if result.handled {
            heldKeys.append(identity)
            if heldKeys.count > 64 { heldKeys.removeFirst() }
        }
        result.preedit = preedit
        result.mode = effectiveMode
        return result
    }

    /// The spec's press rules, in the spec's order.
    private mutating func decide(_ key: KeyParams) -> KeyResult {
        func unhandled(commit: String = "") -> KeyResult {
            KeyResult(handled: false, commit: commit, preedit: "", mode: .hangul)
        }
        if purpose == .password { return unhandled() }
        let significant = key.modifiers.intersection(.significant)
        let isToggle = options.toggleKeys.contains { toggle in
            guard let keysym = Self.keysymNames[toggle.keysymName] else { return false }
            return Self.folded(keysym) == Self.folded(key.keysym) && toggle.modifiers == significant
        }
        if isToggle {
            let commit = switchMode(to: mode == .hangul ? .latin : .hangul)
            return KeyResult(handled: true, commit: commit, preedit: "", mode: .hangul)
        }
        if mode == .latin || Self.isBareModifier(key.keysym) { return unhandled() }
        if !key.modifiers.intersection(.shortcut).isEmpty { return unhandled(commit: composer.flush().string) }
        if key.keysym == 0xFF08 {
            if composer.isEmpty { return unhandled() }
            let output = composer.backspace()
            return KeyResult(handled: output.consumed, commit: output.commit.string, preedit: "", mode: .hangul)
        }
        if key.keysym == 0xFF1B {
            let commit = composer.flush().string
            if options.escapeToLatin { mode = .latin }
            return unhandled(commit: commit)
        }
        if Self.isNamed(key.keysym) { return unhandled(commit: composer.flush().string) }
        guard let position = position(of: key) else { return unhandled(commit: composer.flush().string) }
        let output = composer.process(position)
        return KeyResult(handled: output.consumed, commit: output.commit.string, preedit: "", mode: .hangul)
    }

    private func position(of key: KeyParams) -> KeyPosition? {
        if let keycode = key.keycode {
            return USKeymap.character(keycode: keycode, shift: key.modifiers.contains(.shift))
                .flatMap { KeyPosition(ascii: $0) }
        }
        guard key.keysym >= 0x21 && key.keysym <= 0x7E else { return nil }
        var ascii = UInt8(key.keysym)
        let isLetter = (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii)
        if key.modifiers.contains(.lock) && isLetter {
            ascii = key.modifiers.contains(.shift) ? ascii & ~0x20 : ascii | 0x20
        }
        return KeyPosition(ascii: ascii)
    }

    private static func folded(_ keysym: UInt32) -> UInt32 {
        (0x41...0x5A).contains(keysym) ? keysym + 0x20 : keysym
    }

    private static func isNamed(_ keysym: UInt32) -> Bool {
        (0xFD00...0xFE4F).contains(keysym) || (0xFF00...0xFFFF).contains(keysym)
    }

    private static func isBareModifier(_ keysym: UInt32) -> Bool {
        (0xFFE1...0xFFEE).contains(keysym) || keysym == 0xFF7E || keysym == 0xFF7F
            || (0xFE01...0xFE0F).contains(keysym) || (0xFE11...0xFE13).contains(keysym)
    }
}
