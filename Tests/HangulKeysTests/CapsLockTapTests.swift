import HangulCore
import HangulKeys
import Testing

/// Caps Lock as a mode key (PROTOCOL.md section 9.9): its tap, a press and its release with no other
/// key pressed between, switches the mode on the release; held with another key, or with Shift, it
/// is Caps Lock only.
@Suite struct CapsLockTapTests {
    private static let capsLock = Keysym(rawValue: 0xFFE5)
    private static let r = Keysym(rawValue: 0x72)
    private static let a = Keysym(rawValue: 0x61)

    /// A step: a press or a release of `keysym` with `modifiers`, as one line.
    private static func step(
        _ context: inout InputContext, _ keysym: Keysym, release: Bool = false, modifiers: ModifierMask = []
    ) -> String {
        let result = context.handle(KeyEvent(keysym: keysym, modifiers: modifiers, isRelease: release))
        return
            "\(result.handled ? "handled" : "passed") commit:\(result.commit) preedit:\(result.preedit) \(result.mode)"
    }

    private static func toggling() -> InputContext {
        var context = InputContext()
        context.toggleKeys = [KeyChord(keysym: .hangul), KeyChord(keysym: capsLock)]
        return context
    }

    @Test func aTapOfCapsLockInToggleKeysTogglesOnItsReleaseCommittingThePreedit() {
        var context = Self.toggling()
        #expect(
            [
                Self.step(&context, Self.r),
                Self.step(&context, Self.capsLock),
                Self.step(&context, Self.capsLock, release: true, modifiers: .lock),
                Self.step(&context, Self.capsLock, modifiers: .lock),
                Self.step(&context, Self.capsLock, release: true),
            ] == [
                "handled commit: preedit:ㄱ hangul",
                "passed commit: preedit:ㄱ hangul",
                "passed commit:ㄱ preedit: latin",
                "passed commit: preedit: latin",
                "passed commit: preedit: hangul",
            ])
    }

    @Test func capsLockHeldWithAnotherKeyIsCapsLockOnly() {
        var context = Self.toggling()
        _ = Self.step(&context, Self.capsLock)
        _ = Self.step(&context, Self.a, modifiers: .lock)
        _ = Self.step(&context, Self.a, release: true, modifiers: .lock)
        #expect(
            Self.step(&context, Self.capsLock, release: true, modifiers: .lock) == "passed commit: preedit:ㅁ hangul")
    }

    @Test func shiftCapsLockIsCapsLockOnlyWhenTheListSaysCapsLockAlone() {
        var context = Self.toggling()
        _ = Self.step(&context, Self.capsLock, modifiers: .shift)
        #expect(
            Self.step(&context, Self.capsLock, release: true, modifiers: .shift) == "passed commit: preedit: hangul")
    }

    @Test func capsLockInLatinKeysGoesToLatinOnEveryTap() {
        var context = InputContext()
        context.latinKeys = [KeyChord(keysym: Self.capsLock)]
        for _ in 0..<2 {
            _ = Self.step(&context, Self.capsLock)
            #expect(Self.step(&context, Self.capsLock, release: true) == "passed commit: preedit: latin")
        }
        _ = context.setMode(.hangul)
        context.latinKeys = []
        context.hangulKeys = [KeyChord(keysym: Self.capsLock)]
        _ = context.setMode(.latin)
        _ = Self.step(&context, Self.capsLock)
        #expect(Self.step(&context, Self.capsLock, release: true) == "passed commit: preedit: hangul")
    }

    @Test func capsLockIsCapsLockOnlyUntilAListNamesIt() {
        var context = InputContext()
        _ = Self.step(&context, Self.capsLock)
        #expect(Self.step(&context, Self.capsLock, release: true, modifiers: .lock) == "passed commit: preedit: hangul")
    }

    @Test func aTapInAPasswordFieldSwitchesNothing() {
        var context = Self.toggling()
        _ = context.setContentType(.password)
        _ = Self.step(&context, Self.capsLock)
        _ = Self.step(&context, Self.capsLock, release: true)
        _ = context.setContentType(.normal)
        #expect(context.mode == .hangul)
    }
}
