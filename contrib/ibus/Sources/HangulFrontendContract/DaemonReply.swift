/// The state part of a daemon reply (PROTOCOL.md section 5), in a frontend's terms.
public struct DaemonReply: Equatable, Sendable {
    /// For `key`: whether the daemon consumed the key; `false` for every other method.
    public var handled: Bool
    public var commit: String
    public var preedit: String
    public var isHangul: Bool

    public init(handled: Bool = false, commit: String = "", preedit: String = "", isHangul: Bool = true) {
        self.handled = handled
        self.commit = commit
        self.preedit = preedit
        self.isHangul = isHangul
    }
}
