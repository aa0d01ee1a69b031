import HangulKeys

/// The keys of the settings file: the option table's keys (``OptionKey``), all kebab-case, at the
/// top level of the file. The per-session options are the protocol's (PROTOCOL.md section 5); the
/// others (`start-mode`) are about the daemon's sessions as a whole.
public typealias SettingKey = OptionKey
