import CXKBCommon

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Every raw call into libxkbcommon (and the one libc call that checks for its data), in one place.
///
/// The rest of the module sees Swift values only: keysyms as `UInt32`, keymaps as `OpaquePointer`s
/// whose ownership is spelled out here. Each function names the C function it wraps, so a reviewer
/// can check the memory rules of every call without hunting through the module.
enum XKB {
    // MARK: - Keysyms

    /// `xkb_keysym_from_name`: 0 (`NoSymbol`) when no keysym has the name.
    static func keysym(named name: String, caseInsensitive: Bool) -> UInt32 {
        let flags = caseInsensitive ? XKB_KEYSYM_CASE_INSENSITIVE : XKB_KEYSYM_NO_FLAGS
        return name.withCString { xkb_keysym_from_name($0, flags) }
    }

    /// `xkb_keysym_get_name`: `nil` for a value outside the keysym range.
    ///
    /// Unnamed keysyms come back as `U20AC` or `0x12345678`, which `xkb_keysym_from_name` accepts, so
    /// a name always leads back to its keysym. 64 bytes is the size the header recommends; the
    /// longest name in xkbcommon 1.5 is under 30.
    static func name(of keysym: UInt32) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer -> String? in
            guard let base = buffer.baseAddress else { return nil }
            let length = xkb_keysym_get_name(keysym, base, buffer.count)
            guard length >= 0 else { return nil }
            let bytes = UnsafeRawBufferPointer(start: base, count: min(Int(length), buffer.count - 1))
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// `xkb_keysym_to_utf32`: 0 when the keysym types no character.
    static func utf32(of keysym: UInt32) -> UInt32 {
        xkb_keysym_to_utf32(keysym)
    }

    /// `xkb_utf32_to_keysym`: 0 (`NoSymbol`) when no keysym types the character.
    static func keysym(utf32: UInt32) -> UInt32 {
        xkb_utf32_to_keysym(utf32)
    }

    // MARK: - Contexts

    /// `xkb_context_new` with environment names ignored, so a keymap is exactly the names asked for
    /// and never `XKB_DEFAULT_LAYOUT`; then `xkb_context_set_log_level` to critical, since a failed
    /// compile is reported by our own error and must not write to a daemon's stderr.
    ///
    /// `includePaths` replaces the default search path (`xkb_context_include_path_append`); a path
    /// that does not exist is skipped, as xkbcommon itself does. `nil` on allocation failure and, with
    /// the default path, when none of its directories exists. The caller owns the context and
    /// releases it with ``unref(context:)``.
    static func newContext(includePaths: [String]?) -> OpaquePointer? {
        var flags = XKB_CONTEXT_NO_ENVIRONMENT_NAMES.rawValue
        if includePaths != nil { flags |= XKB_CONTEXT_NO_DEFAULT_INCLUDES.rawValue }
        guard let context = xkb_context_new(xkb_context_flags(rawValue: flags)) else { return nil }
        xkb_context_set_log_level(context, XKB_LOG_LEVEL_CRITICAL)
        for path in includePaths ?? [] {
            _ = path.withCString { xkb_context_include_path_append(context, $0) }
        }
        return context
    }

    /// `xkb_context_unref`.
    static func unref(context: OpaquePointer) {
        xkb_context_unref(context)
    }

    /// The directories the context searches, from `xkb_context_num_include_paths` and
    /// `xkb_context_include_path_get`.
    static func includePaths(of context: OpaquePointer) -> [String] {
        (0..<xkb_context_num_include_paths(context)).compactMap { index in
            xkb_context_include_path_get(context, index).map { String(cString: $0) }
        }
    }

    /// Whether `directory/rules/<rules>` is readable (libc `access`): the test that tells "keyboard
    /// data is missing" apart from "these names do not exist".
    static func hasRules(_ rules: String, in directory: String) -> Bool {
        "\(directory)/rules/\(rules)".withCString { access($0, R_OK) == 0 }
    }

    // MARK: - Keymaps

    /// `xkb_keymap_new_from_names`: `nil` when the names do not compile. The keymap keeps its own
    /// reference to the context; the caller owns the keymap and releases it with ``unref(keymap:)``.
    static func newKeymap(context: OpaquePointer, names: KeymapNames) -> OpaquePointer? {
        names.rules.withCString { rules in
            names.model.withCString { model in
                names.layout.withCString { layout in
                    names.variant.withCString { variant in
                        names.options.withCString { options in
                            var ruleNames = xkb_rule_names(
                                rules: rules, model: model, layout: layout, variant: variant, options: options)
                            return xkb_keymap_new_from_names(context, &ruleNames, XKB_KEYMAP_COMPILE_NO_FLAGS)
                        }
                    }
                }
            }
        }
    }

    /// `xkb_keymap_unref`.
    static func unref(keymap: OpaquePointer) {
        xkb_keymap_unref(keymap)
    }

    /// `xkb_keymap_mod_get_index`: `nil` when the keymap has no modifier of that name.
    static func modifierIndex(named name: String, in keymap: OpaquePointer) -> UInt32? {
        let index = name.withCString { xkb_keymap_mod_get_index(keymap, $0) }
        return index == XKB_MOD_INVALID ? nil : index
    }

    // MARK: - States

    /// The keysym each keycode gives with a modifier state: one `xkb_state_new`, set with
    /// `xkb_state_update_mask` (depressed and locked xkb modifier masks, layout 0), read with
    /// `xkb_state_key_get_one_sym` per keycode, then `xkb_state_unref`.
    ///
    /// A key with no keysym or with several gives 0, as `xkb_state_key_get_one_sym` does. Returns
    /// `nil` only when the state cannot be allocated.
    static func keysyms(
        of keycodes: ClosedRange<UInt32>, keymap: OpaquePointer, depressed: UInt32, locked: UInt32
    ) -> [UInt32]? {
        guard let state = xkb_state_new(keymap) else { return nil }
        defer { xkb_state_unref(state) }
        _ = xkb_state_update_mask(state, depressed, 0, locked, 0, 0, 0)
        return keycodes.map { xkb_state_key_get_one_sym(state, $0) }
    }
}
