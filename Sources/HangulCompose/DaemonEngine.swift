import HangulClient
import HangulCore
import HangulKeys
import HangulProtocol

/// Types through a running `hanguld`, one connection for the whole batch.
///
/// Each input is a fresh field, as in-process: the previous input ended with `reset`, every key was
/// released, and `begin` returns the session to Hangul mode when an input left it in Latin.
///
/// Every call has ``replyTimeout``, as `hangulctl`'s do: a daemon that accepts the connection and
/// never answers used to keep `hangul-compose --daemon` waiting for ever. Keys go in batches of
/// ``batchSize``, each with the whole timeout, so a long line is not cut off by its length.
///
/// Before a fix key the text typed so far goes to the daemon as the text before the cursor, as a
/// frontend sends it (PROTOCOL.md section 9.7), so the key fixes the word already committed, not only
/// the one being composed: the keys before it are sent and their replies taken first.
public struct DaemonEngine: KeyEngine {
    let client: HangulClient
    private var lastMode = InputMode.hangul
    /// The daemon session's fix keys (its settings file's, since hangul-compose does not send them).
    private let fixKeys: [KeyChord]

    /// How long each call waits for the daemon's reply.
    public static let replyTimeout = Duration.seconds(5)
    /// Key events per pipelined batch, each batch under one ``replyTimeout``.
    static let batchSize = 4096

    public init(
        socketPath: String, options: ComposerOptions, layout: Layout, commitUnit: CommitUnit = .syllable,
        autoFix: Bool = false
    ) throws {
        client = try HangulClient(socketPath: socketPath, clientName: "hangul-compose", timeout: Self.replyTimeout)
        // Every option, commit-unit and auto-fix included: the command line's, not the daemon's settings file.
        // The composing options, read off a context built as InProcessEngine builds its own.
        var context = InputContext(layout: layout, options: options, commitUnit: commitUnit)
        context.autoFix = autoFix
        var patch = OptionsPatch()
        for key in OptionKey.perSession
        where key.composerOption != nil || [.layout, .output, .commitUnit, .autoFix].contains(key) {
            patch[key] = key.value(in: context)
        }
        // The reply carries every option of the session, so the fix keys come with it.
        let reply = try client.setOptions(patch)
        lastMode = reply.state?.mode ?? lastMode
        fixKeys = reply.options[.fixKeys].keys ?? []
    }

    public mutating func begin() throws {
        if lastMode != .hangul {
            lastMode = try client.setMode(.hangul).mode
        }
    }

    public mutating func type<Sink: StepSink>(_ keys: [KeyPress], into sink: inout Sink) throws {
        var start = keys.startIndex
        for (index, key) in keys.enumerated() where isFixKey(key) {
            try typeBatched(keys[start..<index], into: &sink)
            try client.setSurroundingText(beforeCursor: sink.textBeforeCursor)
            start = index
        }
        try typeBatched(keys[start...], into: &sink)
    }

    private func isFixKey(_ key: KeyPress) -> Bool {
        fixKeys.contains { $0.matches(keysym: key.keysym, modifiers: key.modifiers) }
    }

    /// Sends `keys` (presses and releases) in pipelined batches and gives each press's reply to `sink`.
    private mutating func typeBatched<Sink: StepSink>(_ keys: ArraySlice<KeyPress>, into sink: inout Sink) throws {
        guard !keys.isEmpty else { return }
        var events: [KeyEvent] = []
        events.reserveCapacity(keys.count * 2)
        for key in keys {
            events.append(KeyEvent(keysym: key.keysym, modifiers: key.modifiers))
            events.append(KeyEvent(keysym: key.keysym, modifiers: key.modifiers, isRelease: true))
        }
        var replies: [KeyReply] = []
        replies.reserveCapacity(events.count)
        var sent = 0
        while sent < events.count {
            let batch = events[sent..<min(events.count, sent + Self.batchSize)]
            replies += try client.keys(Array(batch))
            sent += batch.count
        }
        lastMode = replies.last?.mode ?? lastMode
        for (offset, key) in keys.enumerated() where offset * 2 < replies.count {
            let reply = replies[offset * 2]
            if reply.candidates != .absent || reply.deleteBefore > 0 {
                try sink.take(
                    key, handled: reply.handled, commit: reply.commit, preedit: reply.preedit,
                    deleteBefore: reply.deleteBefore, candidates: reply.candidates)
                continue
            }
            try sink.take(key, handled: reply.handled, commit: reply.commit, preedit: reply.preedit)
        }
    }

    public mutating func finish() throws -> String {
        try client.reset().commit
    }
}
