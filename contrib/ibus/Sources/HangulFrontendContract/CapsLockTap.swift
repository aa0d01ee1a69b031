/// When a Caps Lock tap that switched the mode must set the lock back (PROTOCOL.md section 9.9).
///
/// The X server turns the lock at the press, before any input method sees it, so the press reports
/// the lock as it was and the release as the server left it. A frontend that can talk to the server
/// sets the lock back to the press's state once the daemon's reply to the release says the tap
/// switched the mode: its mode differs from the one before. (The reply is not `handled`: the press
/// was not, and a release is handled as its press was, so the application sees the whole key.) A
/// release that did not switch (Caps Lock held with a letter, Shift+Caps Lock, Caps Lock in no key
/// list) leaves the lock turned, as Caps Lock.
public struct CapsLockTap: Sendable {
    /// X11's Caps_Lock keysym.
    public static let keysym: UInt32 = 0xFFE5
    /// X11's LockMask.
    static let lockBit: UInt32 = 2

    /// Whether Lock was on at the last Caps Lock press; `nil` before any.
    private var lockAtPress: Bool?

    public init() {}

    /// Notes a press of Caps Lock (other keys are ignored: a tap's release comes right after its press).
    public mutating func pressed(keysym: UInt32, state: UInt32) {
        guard keysym == Self.keysym else { return }
        lockAtPress = state & Self.lockBit != 0
    }

    /// For a release and the daemon's reply to it, the lock to set (on or off), or `nil` to leave it.
    public mutating func lockToRestore(releasedKeysym keysym: UInt32, modeChanged: Bool) -> Bool? {
        guard keysym == Self.keysym else { return nil }
        defer { lockAtPress = nil }
        return modeChanged ? lockAtPress : nil
    }
}
