/// Makes every key reach the application after what the engine committed for it, in every client
/// (PROTOCOL.md section 8, "the order of effects"): the engine decides the order, never the client's
/// dispatch of a D-Bus signal against a method reply.
///
/// A key the daemon did not handle, whose reply changed nothing on screen, goes back to the client as
/// "not handled": there is nothing for it to overtake. When the reply did change something (the
/// space, digit or punctuation that ends a syllable, Return or Control+C mid-syllable, any key when
/// the daemon failed and the engine committed what it showed):
/// - a key that types a character has it appended to the commit, one text in one signal, and is
///   answered "handled": no client can put the two out of order;
/// - any other key is answered "not handled" or forwarded, as ``IBusClient`` says the client needs.
///
/// In a client that may insert an unhandled character after the text of later keys (GTK 4, see
/// ``IBusClient/insertsUnhandledCharactersLate``), every character key of Hangul mode the daemon did
/// not handle is typed by the engine the same way, even when nothing was on screen.
///
/// The release of a key whose press was rerouted goes the same way (swallowed after a typed
/// character, forwarded after a forwarded press), so the application never sees half a keystroke.
public struct KeyRouter: Sendable {
    /// How a press was rerouted, remembered until its release.
    enum Reroute: Equatable, Sendable {
        case typed
        case forwarded
    }

    /// Keys held at once are few; past this many the oldest record goes (its release then follows
    /// the daemon's answer, as every release did before).
    static let rememberedPresses = 16

    public var client = IBusClient()
    private var rerouted: [(key: IBusKey.PhysicalKey, how: Reroute)] = []

    public init() {}

    /// Routes a press: `outputs` are what the engine will do for the daemon's reply (or for failing
    /// open), `handled` the reply's answer (false when there was none), `composing` whether the
    /// field is in Hangul mode, where later keys commit text the key could fall behind. Appends the
    /// typed character or the forwarded key to `outputs` where the key must follow them, and returns
    /// what to answer IBus.
    public mutating func routePress(
        _ key: IBusKey, handled: Bool, composing: Bool = false, outputs: inout [FrontendOutput]
    ) -> Bool {
        forget(key.physicalKey)
        guard !handled else { return true }
        let mustFollow =
            outputs.contains(where: \.changesText) || (composing && client.insertsUnhandledCharactersLate)
        guard mustFollow else { return false }
        if let character = key.typedCharacter {
            outputs.appendToLastCommit(String(character))
            remember(key.physicalKey, as: .typed)
            return true
        }
        switch client.unhandledKeyOrder {
        case .returnUnhandled:
            return false
        case .forward:
            outputs.append(.forwardKey(key))
            remember(key.physicalKey, as: .forwarded)
            return true
        }
    }

    /// Routes a release the same way as its press, when the press was rerouted; otherwise answers
    /// what the daemon said.
    public mutating func routeRelease(_ key: IBusKey, handled: Bool, outputs: inout [FrontendOutput]) -> Bool {
        guard let index = rerouted.lastIndex(where: { $0.key == key.physicalKey }) else { return handled }
        let how = rerouted.remove(at: index).how
        if how == .forwarded { outputs.append(.forwardKey(key)) }
        return true
    }

    private mutating func remember(_ key: IBusKey.PhysicalKey, as how: Reroute) {
        if rerouted.count >= Self.rememberedPresses { rerouted.removeFirst() }
        rerouted.append((key, how))
    }

    private mutating func forget(_ key: IBusKey.PhysicalKey) {
        rerouted.removeAll { $0.key == key }
    }
}

extension FrontendOutput {
    /// Whether the application's text or preedit changes: what a key passed on must not overtake.
    var changesText: Bool {
        switch self {
        case .preedit, .deleteBefore, .commit: true
        case .showCandidates, .hideCandidates, .mode, .forwardKey: false
        }
    }
}

extension [FrontendOutput] {
    /// Appends `text` to the last commit, or commits it after everything else when there is none.
    mutating func appendToLastCommit(_ text: String) {
        if let index = lastIndex(where: { if case .commit = $0 { true } else { false } }),
            case .commit(let committed) = self[index]
        {
            self[index] = .commit(committed + text)
        } else {
            append(.commit(text))
        }
    }
}
