import HangulDaemon

/// One connection of `UppercaseSessionFactory`.
struct UppercaseSession: LineSession {
    let log: SessionLog
    /// Whether the line `hello` has been handled (or no handshake was asked for).
    var isOpen: Bool

    static let bigReply = [UInt8](repeating: UInt8(ascii: "x"), count: 16 * 1024 - 1) + [UInt8(ascii: "\n")]

    mutating func handle(line bytes: UnsafeRawBufferPointer) -> LineReply {
        let line = Array(bytes)[...]
        self.log.recordLine(Array(line))
        if line.elementsEqual("hello".utf8) {
            self.isOpen = true
        }
        switch line {
        case Array("silent".utf8)[...]:
            return .none
        case Array("big".utf8)[...]:
            return LineReply(bytes: Self.bigReply)
        default:
            let upper = line.map { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
            }
            return LineReply(bytes: upper + [UInt8(ascii: "\n")])
        }
    }
}
