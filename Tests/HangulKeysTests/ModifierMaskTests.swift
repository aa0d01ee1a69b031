import HangulKeys
import Testing

@Suite struct ModifierMaskTests {
    @Test func bitsAreTheX11CoreModifierBits() {
        let masks: [ModifierMask] = [.shift, .lock, .control, .mod1, .mod2, .mod3, .mod4, .mod5]
        #expect(masks.map(\.rawValue) == [1, 2, 4, 8, 16, 32, 64, 128])
    }

    @Test func conventionalNamesAliasTheModBits() {
        #expect(ModifierMask.alt == .mod1)
        #expect(ModifierMask.numLock == .mod2)
        #expect(ModifierMask.super == .mod4)
    }
}
