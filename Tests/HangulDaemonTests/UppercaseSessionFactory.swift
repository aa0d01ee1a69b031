import HangulDaemon

/// The test stand-in for the protocol: answers each line with the line upper-cased.
///
/// A few lines mean something, so tests can drive the server's other paths: `silent` gets no reply,
/// `big` gets a 16 KiB reply (to fill socket buffers fast). Rejections become `ERROR <what> <limit>` lines. With `requiresHello`, a session
/// is open (for the hello timeout) once it has handled the line `hello`.
struct UppercaseSessionFactory: SessionFactory {
    let log = SessionLog()
    var requiresHello = false

    func makeSession() -> UppercaseSession {
        UppercaseSession(log: self.log, isOpen: !self.requiresHello)
    }

    func reply(for rejection: ConnectionRejection) -> [UInt8] {
        switch rejection {
        case .lineTooLong(let limit): return Array("ERROR line-too-long \(limit)\n".utf8)
        case .tooManyPendingRequests(let limit): return Array("ERROR too-many-pending \(limit)\n".utf8)
        case .tooManyPendingRequestBytes(let limit): return Array("ERROR too-many-pending-bytes \(limit)\n".utf8)
        case .tooManySessions(let limit): return Array("ERROR too-many-sessions \(limit)\n".utf8)
        case .helloTimeout(let seconds): return Array("ERROR no-hello \(seconds)\n".utf8)
        case .unfinishedLineTimeout(let seconds): return Array("ERROR unfinished-line \(seconds)\n".utf8)
        }
    }
}
