/// The state part of a daemon reply (PROTOCOL.md section 5), in a frontend's terms.
public struct DaemonReply: Equatable, Sendable {
    /// The reply's `candidates` member: left out, `null`, or the page to show.
    public enum Candidates: Equatable, Sendable {
        /// No list was open before or after the request: leave the window as it is.
        case absent
        /// The request closed the list: hide the window.
        case closed
        /// A list is open: show this page.
        case open(CandidateWindow)
    }

    /// For `key`: whether the daemon consumed the key; `false` for every other method.
    public var handled: Bool
    public var commit: String
    public var preedit: String
    public var isHangul: Bool
    /// Characters before the cursor to delete before `commit` is inserted (a pick that converts text
    /// already committed); 0 for every other reply.
    public var deleteBefore: Int
    public var candidates: Candidates

    public init(
        handled: Bool = false, commit: String = "", preedit: String = "", isHangul: Bool = true,
        deleteBefore: Int = 0, candidates: Candidates = .absent
    ) {
        self.handled = handled
        self.commit = commit
        self.preedit = preedit
        self.isHangul = isHangul
        self.deleteBefore = deleteBefore
        self.candidates = candidates
    }
}
