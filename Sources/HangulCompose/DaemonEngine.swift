import HangulClient
import HangulCore
import HangulKeys

/// Types through a running `hanguld`, one connection for the whole batch.
///
/// Each input is a fresh field, as in-process: the previous input ended with `reset`, every key was
/// released, and `begin` returns the session to Hangul mode when an input left it in Latin.
public struct DaemonEngine: KeyEngine {
    let client: HangulClient
    private var lastMode = "hangul"

    public init(socketPath: String, options: ComposerOptions, layout: Layout) throws {
        client = try HangulClient(socketPath: socketPath, clientName: "hangul-compose")
        var json = "{\"layout\":\"\(layout.id)\",\"output\":\"\(options.output.rawValue)\""
        for option in ComposerOptions.Option.allCases {
            json += ",\"\(option.rawValue)\":\(options[option])"
        }
        json += "}"
        lastMode = try client.setOptions(json: Array(json.utf8)).mode
    }

    public mutating func begin() throws {
        if lastMode != "hangul" {
            lastMode = try client.setMode(hangul: true).mode
        }
    }

    public mutating func type<Sink: StepSink>(_ keys: [KeyPress], into sink: inout Sink) throws {
        var events: [HangulClient.Key] = []
        events.reserveCapacity(keys.count * 2)
        for key in keys {
            events.append(HangulClient.Key(keysym: key.keysym.rawValue, modifiers: key.modifiers.rawValue))
            events.append(
                HangulClient.Key(keysym: key.keysym.rawValue, modifiers: key.modifiers.rawValue, isRelease: true))
        }
        let states = try client.keys(events)
        lastMode = states.last?.mode ?? lastMode
        for (offset, key) in keys.enumerated() where offset * 2 < states.count {
            let state = states[offset * 2]
            try sink.take(key, handled: state.handled, commit: state.commit, preedit: state.preedit)
        }
    }

    public mutating func finish() throws -> String {
        try client.reset().commit
    }
}
