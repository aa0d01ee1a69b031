import HangulKeys
import HangulProtocol

/// A reply that carries state, read as a frontend needs it: a `key` result or any other state result
/// as one ``KeyReply`` (the protocol module's own type; a state result did not handle a key), and the
/// hanja keys when the reply says the session's options changed. A reader, not a copy of the types.
///
/// The daemon appends `options` to a state after a reload changed any option the session had not
/// set itself (PROTOCOL.md section 5). The engine keeps only the hanja and fix keys from it, since it
/// needs them to send the surrounding text just before such a key and never before any other key; the
/// rest of the options are the daemon's business. Reading the member costs one lookup per reply.
struct StateReply: ReceivableResult {
    var reply: KeyReply
    /// The session's hanja keys, when the reply carried the options; nil when it did not.
    var hanjaKeys: [KeyChord]?
    /// The session's fix keys (section 9.7), likewise.
    var fixKeys: [KeyChord]?

    /// A `key` result (with `handled`) or any other state result.
    init(parsing result: JSONValue) throws(ReplyParseError) {
        if result["handled"] != nil {
            reply = try KeyReply(parsing: result)
        } else {
            let state = try StateResult(parsing: result)
            reply = KeyReply(
                handled: false, commit: state.commit, preedit: state.preedit, mode: state.mode,
                deleteBefore: state.deleteBefore, candidates: state.candidates)
        }
        guard result["options"] != nil else { return }
        let options = try OptionsResult(parsing: result).options
        hanjaKeys = options.keys(.hanjaKeys)
        fixKeys = options.keys(.fixKeys)
    }
}
