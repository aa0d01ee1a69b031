import HangulCore
import HangulWrongMode

/// What `hangul-compose` was asked to do, as plain values: the command line's options after
/// parsing (``ComposeCommand/settings``), or every default for the plain typing path
/// (``PlainTyping``), which never builds the argument parser.
public struct ComposeSettings: Sendable, Equatable {
    public var layout = "2"
    public var options: [String] = []
    public var output: ComposerOptions.OutputForm = .syllables
    public var format: OutputFormat = .text
    public var reverse = false
    public var fix = false
    public var words = WordList.defaultPath
    public var layoutFiles: [String] = []
    public var hanja: String?
    public var hanjaFiles: [String] = []
    public var noSystemHanja = false
    public var listLayouts = false
    public var daemon = false
    public var socket: String?

    /// Every option at its default: `hangul-compose KEYS`.
    public init() {}

    public init(
        layout: String, options: [String], output: ComposerOptions.OutputForm, format: OutputFormat, reverse: Bool,
        fix: Bool, words: String, layoutFiles: [String], hanja: String?, hanjaFiles: [String], noSystemHanja: Bool,
        listLayouts: Bool, daemon: Bool, socket: String?
    ) {
        self.layout = layout
        self.options = options
        self.output = output
        self.format = format
        self.reverse = reverse
        self.fix = fix
        self.words = words
        self.layoutFiles = layoutFiles
        self.hanja = hanja
        self.hanjaFiles = hanjaFiles
        self.noSystemHanja = noSystemHanja
        self.listLayouts = listLayouts
        self.daemon = daemon
        self.socket = socket
    }

    /// The layout named by `--layout`, or an error listing the known ones.
    func resolvedLayout(in catalog: LayoutCatalog) throws -> Layout {
        guard let layout = catalog.layout(named: layout) else {
            throw UsageError(
                "unknown layout \"\(layout)\"; known: "
                    + catalog.layouts.map { ([$0.id] + $0.aliases).joined(separator: "/") }.joined(separator: ", "))
        }
        return layout
    }

    /// The name `--option` takes for the commit unit, with a value rather than on or off.
    static let commitUnitOption = "commit-unit"
    /// The name `--option` takes for automatic repair (PROTOCOL.md section 9.8), a session setting
    /// rather than a composer option: `auto-fix` or `auto-fix=on|off`.
    static let autoFixOption = "auto-fix"

    /// The options from `--option` and `--output`, or an error listing the known options.
    package func resolvedOptions() throws -> ComposerOptions {
        var result = ComposerOptions()
        result.output = output
        for setting in options {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first ?? ""
            if name == Self.commitUnitOption || name == Self.autoFixOption { continue }
            guard let option = ComposerOptions.Option(rawValue: name) else {
                let known =
                    ComposerOptions.Option.allCases.map(\.rawValue) + [Self.commitUnitOption, Self.autoFixOption]
                throw UsageError("unknown option \"\(name)\"; known: " + known.joined(separator: ", "))
            }
            switch parts.count == 2 ? parts[1] : "on" {
            case "on", "true", "1": result[option] = true
            case "off", "false", "0": result[option] = false
            default:
                throw UsageError("option \"\(name)\" takes on or off, not \"\(parts[1])\"")
            }
        }
        return result
    }

    /// The commit unit from `--option commit-unit=syllable|word` (the last one given), syllable
    /// when none is; an error for any other value, or for the name without one.
    package func resolvedCommitUnit() throws -> CommitUnit {
        var unit = CommitUnit.syllable
        for setting in options {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.first == Self.commitUnitOption else { continue }
            guard parts.count == 2, let value = CommitUnit(rawValue: parts[1]) else {
                throw UsageError(
                    "option \"commit-unit\" takes syllable or word, as commit-unit=word, not "
                        + (parts.count == 2 ? "\"\(parts[1])\"" : "nothing"))
            }
            unit = value
        }
        return unit
    }

    /// Whether `--option auto-fix[=on|off]` (the last one given) turns automatic repair on; off when
    /// none does, as in the daemon's settings. A command line without options never gets here
    /// (``PlainTyping`` types it with every default), so plain typing keeps its fast lane.
    package func resolvedAutoFix() throws -> Bool {
        var autoFix = false
        for setting in options {
            let parts = setting.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.first == Self.autoFixOption else { continue }
            switch parts.count == 2 ? parts[1] : "on" {
            case "on", "true", "1": autoFix = true
            case "off", "false", "0": autoFix = false
            default: throw UsageError("option \"auto-fix\" takes on or off, not \"\(parts[1])\"")
            }
        }
        return autoFix
    }
}
