import HangulClient
import HangulCore
import HangulKeys
import HangulProtocol

/// Types through a running `hanguld`, one connection for the whole batch.
///
/// Each input is a fresh field, as in-process: the previous input ended with `reset`, every key was
/// released, and `begin` returns the session to Hangul mode when an input left it in Latin.
struct DaemonEngine: KeyEngine {
    let client: HangulClient
    private var lastMode = InputMode.hangul

    init(socketPath: String, options: ComposerOptions, layout: Layout) throws {
        client = try HangulClient(socketPath: socketPath, clientName: "hangul-compose")
        var patch = OptionsPatch(layout: layout.id, output: options.output)
        for option in ComposerOptions.Option.allCases { patch.switches[option] = options[option] }
        lastMode = try client.setOptions(patch).state?.mode ?? lastMode
    }

    mutating func begin() throws {
        if lastMode != .hangul {
            lastMode = try client.setMode(.hangul).mode
        }
    }

    mutating func type(_ keys: [NotatedKey]) throws -> [KeyStep] {
        var events: [KeyEvent] = []
        events.reserveCapacity(keys.count * 2)
        for key in keys {
            events.append(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
            events.append(KeyEvent(keysym: key.keysym, modifiers: key.modifiers, isRelease: true))
        }
        let replies = try client.keys(events)
        lastMode = replies.last?.mode ?? lastMode
        return stride(from: 0, to: replies.count, by: 2).map {
            KeyStep(handled: replies[$0].handled, commit: replies[$0].commit, preedit: replies[$0].preedit)
        }
    }

    mutating func finish() throws -> String {
        try client.reset().commit
    }
}
