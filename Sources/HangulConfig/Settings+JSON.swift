import HangulCore
import HangulKeys
import HangulProtocol

extension Settings {
    /// The settings as the daemon takes them: every key of the file (so a session takes each
    /// option unless it set its own) with the daemon-wide settings such as the starting mode.
    public var configured: ConfiguredSettings {
        var values: [OptionKey: OptionValue] = [:]
        for key in OptionKey.allCases { values[key] = self[key] }
        return ConfiguredSettings(options: OptionsPatch(values))
    }

    /// The settings as one line of JSON, written by the protocol's own ``JSONWriter``: the
    /// protocol's options object (PROTOCOL.md section 5: every option, in its order, key lists in
    /// canonical form), then the daemon-wide settings (`start-mode`).
    ///
    /// What `hangulctl config get --json` prints, for scripts; the options part is exactly what
    /// `set_options` takes.
    public var json: String {
        var writer = JSONWriter(capacity: 320)
        writer.raw("{")
        let keys = OptionKey.perSession + OptionKey.allCases.filter { !$0.isPerSession }
        for (index, key) in keys.enumerated() {
            if index > 0 { writer.raw(",") }
            writer.string(key.rawValue)
            writer.raw(":")
            writer.optionValue(self[key])
        }
        writer.raw("}")
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
