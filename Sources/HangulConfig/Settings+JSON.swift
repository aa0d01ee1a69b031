import HangulCore
import HangulKeys
import HangulProtocol

extension Settings {
    /// The settings as the daemon takes them: every option of the file as a patch (so a session
    /// takes each unless it set its own) and the starting mode.
    public var configured: ConfiguredSettings {
        var switches: [ComposerOptions.Option: Bool] = [:]
        for option in ComposerOptions.Option.allCases { switches[option] = composerOptions[option] }
        return ConfiguredSettings(
            options: OptionsPatch(
                layout: layout, switches: switches, output: composerOptions.output, toggleKeys: toggleKeys,
                escapeToLatin: escapeToLatin, hanjaKeys: hanjaKeys, commitUnit: commitUnit),
            startMode: startMode)
    }

    /// The settings as one line of JSON, written by the protocol's own ``JSONWriter``: the
    /// protocol's options object (PROTOCOL.md section 5: every option, in its order, `commit-unit`
    /// last, key lists in canonical form), then `start-mode`.
    ///
    /// What `hangulctl config get --json` prints, for scripts; the options part is exactly what
    /// `set_options` takes.
    public var json: String {
        var writer = JSONWriter(capacity: 320)
        writer.raw("{")
        writer.key("layout")
        writer.string(layout)
        for option in ComposerOptions.Option.allCases {
            writer.raw(",")
            writer.string(option.rawValue)
            writer.raw(":")
            writer.bool(composerOptions[option])
        }
        writer.raw(",")
        writer.key("output")
        writer.string(composerOptions.output.rawValue)
        writer.raw(",")
        writer.key("toggle-keys")
        Self.write(toggleKeys, to: &writer)
        writer.raw(",")
        writer.key("escape-to-latin")
        writer.bool(escapeToLatin)
        writer.raw(",")
        writer.key("hanja-keys")
        Self.write(hanjaKeys, to: &writer)
        writer.raw(",")
        writer.key("commit-unit")
        writer.string(commitUnit.rawValue)
        writer.raw(",")
        writer.key("start-mode")
        writer.string(startMode.rawValue)
        writer.raw("}")
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// A key list as a JSON array of key names in canonical form.
    private static func write(_ chords: [KeyChord], to writer: inout JSONWriter) {
        writer.raw("[")
        for (index, chord) in chords.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(ToggleKeyNotation.format(chord))
        }
        writer.raw("]")
    }
}
