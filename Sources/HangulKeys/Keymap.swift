/// A compiled xkb keymap, for asking which keysym a key gives under it.
///
/// Owns one `xkb_keymap` (released in `deinit`). The decoder compiles the US reference keymap
/// through it and keeps only a table; tests compile other layouts (German, Dvorak) to play the part
/// of a frontend that reports the keysyms of the user's own layout along with the keycodes.
/// Not `Sendable`: xkbcommon's reference counts are not atomic, so a keymap stays on one thread.
public final class Keymap {
    /// The names the keymap was compiled from.
    public let names: KeymapNames
    let pointer: OpaquePointer
    /// The keymap's index of each X11 modifier bit (`nil` when the keymap lacks that modifier).
    let modifierIndices: [UInt32?]

    /// Compiles the keymap with these names (`xkb_context_new`, `xkb_keymap_new_from_names`).
    ///
    /// `includePaths`, when given, replaces libxkbcommon's default search path
    /// (`/usr/share/X11/xkb` and the user's own xkb directories). When the keymap does not compile,
    /// the error tells a missing installation (the Debian package `xkb-data`) from unknown names.
    public init(_ names: KeymapNames = .usQWERTY, includePaths: [String]? = nil) throws(KeymapError) {
        guard let context = XKB.newContext(includePaths: includePaths) else {
            // xkb_context_new also fails when none of its default directories exists, which is the
            // usual sign of a missing xkb-data; a context without defaults tells that from real OOM.
            if includePaths == nil, let bare = XKB.newContext(includePaths: []) {
                XKB.unref(context: bare)
                throw .keyboardDataMissing(rules: names.rules, searched: [])
            }
            throw .allocationFailed(function: "xkb_context_new")
        }
        defer { XKB.unref(context: context) }
        guard let keymap = XKB.newKeymap(context: context, names: names) else {
            let searched = XKB.includePaths(of: context)
            if !searched.contains(where: { XKB.hasRules(names.rules, in: $0) }) {
                throw .keyboardDataMissing(rules: names.rules, searched: searched)
            }
            throw .cannotCompile(names)
        }
        self.names = names
        self.pointer = keymap
        self.modifierIndices = ModifierMask.xkbNames.map { XKB.modifierIndex(named: $0, in: keymap) }
    }

    deinit {
        XKB.unref(keymap: pointer)
    }

    /// The keysym a key gives with these modifiers held (Lock and Mod2 count as locked), or `nil`
    /// when it gives none or several.
    ///
    /// Wraps `xkb_state_key_get_one_sym` on a fresh `xkb_state`, so it reads the keymap and nothing
    /// else: no key is remembered as pressed between calls.
    public func keysym(keycode: UInt32, modifiers: ModifierMask = []) -> Keysym? {
        keysyms(of: keycode...keycode, modifiers: modifiers)?.first ?? nil
    }

    /// The lowest keycode in 8…255 that types a keysym, without Shift if possible, and the Shift it
    /// needs; `nil` when no key on the first two levels types it.
    public func key(typing keysym: Keysym) -> (keycode: UInt32, modifiers: ModifierMask)? {
        for modifiers in [ModifierMask(), .shift] {
            guard let keysyms = keysyms(of: KeyDecoder.keycodes, modifiers: modifiers) else { return nil }
            if let index = keysyms.firstIndex(of: keysym) {
                return (KeyDecoder.keycodes.lowerBound + UInt32(index), modifiers)
            }
        }
        return nil
    }

    /// The keysyms of a range of keycodes under one modifier state (`nil` entries give no single
    /// keysym); `nil` only when libxkbcommon cannot allocate a state.
    func keysyms(of keycodes: ClosedRange<UInt32>, modifiers: ModifierMask) -> [Keysym?]? {
        var depressed: UInt32 = 0
        var locked: UInt32 = 0
        for (bit, index) in modifierIndices.enumerated() {
            guard let index, index < 32, modifiers.rawValue & (1 << bit) != 0 else { continue }
            let isLock = bit == 1 || bit == 4  // Lock and Mod2 (NumLock) are locked, not held
            if isLock { locked |= 1 << index } else { depressed |= 1 << index }
        }
        let values = XKB.keysyms(of: keycodes, keymap: pointer, depressed: depressed, locked: locked)
        return values?.map { $0 == 0 ? nil : Keysym(rawValue: $0) }
    }
}
