import HangulLog

/// The options `hanguld-cli` has parsed and checked, handed to `hanguld` in its command line: the
/// parser program runs `hanguld` again with ``marker`` and one `name=value` argument per option,
/// and `hanguld` reads them back here without the parser (README, start-up).
///
/// Only this exact form is read: the marker first, every option once, in this order, each value
/// as the parser took it. Anything else gives nil, and `hanguld` leaves the command line to the
/// parser program, which reports what is wrong with it; options read here are checked again
/// (``DaemonOptions/problem``), so typing the marker by hand skips no check.
public enum ParsedOptions {
    /// The first argument of a command line written by ``arguments(for:)``.
    public static let marker = "--options-from-hanguld-cli"

    /// The command line's arguments (after the program's name) that carry `options`.
    public static func arguments(for options: DaemonOptions) -> [String] {
        var fields = [
            "socket=" + (options.socket.map { "+" + $0 } ?? "-"),
            "max-sessions=\(options.maxSessions)",
            "max-pending=\(options.maxPending)",
            "hello-timeout=\(options.helloTimeout)",
            "log-level=" + options.logLevel.rawValue,
            "keymap-layout=" + options.keymapLayout,
            "config=" + (options.config.map { "+" + $0 } ?? "-"),
            "no-system-hanja=\(options.noSystemHanja)",
            "words=" + options.words,
            "hanja-load-patience=\(options.hanjaLoadPatienceMilliseconds)",
        ]
        fields += options.layoutFiles.map { "layout-file=" + $0 }
        fields += options.hanjaFiles.map { "hanja-file=" + $0 }
        return [marker] + fields
    }

    /// The options in `arguments` (after the program's name), or nil when they are not exactly
    /// what ``arguments(for:)`` writes.
    public static func options(from arguments: [String]) -> DaemonOptions? {
        guard arguments.first == marker else { return nil }
        var fields = arguments.dropFirst().makeIterator()
        func value(_ name: String) -> String? {
            guard let field = fields.next(), field.hasPrefix(name + "=") else { return nil }
            return String(field.dropFirst(name.count + 1))
        }
        func optional(_ text: String?) -> String?? {
            switch text {
            case "-": .some(nil)
            case let text? where text.hasPrefix("+"): .some(String(text.dropFirst()))
            default: nil
            }
        }
        guard let socket = optional(value("socket")),
            let maxSessions = value("max-sessions").flatMap({ Int($0) }),
            let maxPending = value("max-pending").flatMap({ Int($0) }),
            let helloTimeout = value("hello-timeout").flatMap({ Int($0) }),
            let logLevel = value("log-level").flatMap({ DaemonLog.Level(rawValue: $0) }),
            let keymapLayout = value("keymap-layout"),
            let config = optional(value("config")),
            let noSystemHanja = value("no-system-hanja").flatMap({ Bool($0) }),
            let words = value("words"),
            let patience = value("hanja-load-patience").flatMap({ Int($0) })
        else { return nil }
        var layoutFiles: [String] = []
        var hanjaFiles: [String] = []
        while let field = fields.next() {
            if field.hasPrefix("layout-file="), hanjaFiles.isEmpty {
                layoutFiles.append(String(field.dropFirst("layout-file=".count)))
            } else if field.hasPrefix("hanja-file=") {
                hanjaFiles.append(String(field.dropFirst("hanja-file=".count)))
            } else {
                return nil
            }
        }
        let options = DaemonOptions(
            socket: socket, maxSessions: maxSessions, maxPending: maxPending, helloTimeout: helloTimeout,
            logLevel: logLevel, keymapLayout: keymapLayout, layoutFiles: layoutFiles, config: config,
            hanjaFiles: hanjaFiles, noSystemHanja: noSystemHanja, words: words,
            hanjaLoadPatienceMilliseconds: patience)
        return options.problem == nil ? options : nil
    }
}
