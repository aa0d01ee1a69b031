import HangulFrontendContract
import Testing

/// When the engine sets the X server's lock back after a Caps Lock tap (PROTOCOL.md section 9.9).
@Suite struct CapsLockTapTests {
    @Test func aTapThatSwitchedTheModeRestoresTheLockThePressReported() {
        var tap = CapsLockTap()
        tap.pressed(keysym: CapsLockTap.keysym, state: 0)
        #expect(tap.lockToRestore(releasedKeysym: CapsLockTap.keysym, modeChanged: true) == false)
        tap.pressed(keysym: CapsLockTap.keysym, state: 2 | 1 << 4)  // Lock and NumLock on
        #expect(tap.lockToRestore(releasedKeysym: CapsLockTap.keysym, modeChanged: true) == true)
    }

    @Test func aReleaseThatDidNotSwitchLeavesTheLockAsTheServerTurnedIt() {
        var tap = CapsLockTap()
        tap.pressed(keysym: CapsLockTap.keysym, state: 0)
        #expect(tap.lockToRestore(releasedKeysym: CapsLockTap.keysym, modeChanged: false) == nil)
        tap.pressed(keysym: CapsLockTap.keysym, state: 0)
        #expect(tap.lockToRestore(releasedKeysym: CapsLockTap.keysym, modeChanged: false) == nil)
        // Another key's release, and a Caps Lock release with no press seen.
        tap.pressed(keysym: CapsLockTap.keysym, state: 0)
        #expect(tap.lockToRestore(releasedKeysym: 0x61, modeChanged: true) == nil)
        _ = tap.lockToRestore(releasedKeysym: CapsLockTap.keysym, modeChanged: false)
        #expect(tap.lockToRestore(releasedKeysym: CapsLockTap.keysym, modeChanged: true) == nil)
    }
}
