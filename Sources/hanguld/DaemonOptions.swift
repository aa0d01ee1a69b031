import HangulDaemon
import HangulWrongMode
import Logging

/// What `hanguld`'s command line sets, every default in one place: filled by the argument parser
/// (``Hanguld``'s options take their defaults from here) or, for the command lines a daemon is
/// normally started with, by ``QuickStart`` without building the parser.
struct DaemonOptions: Sendable, Equatable {
    var socket: String? = nil
    var maxSessions: Int = ServerConfiguration().maxSessions
    var maxPending: Int = ServerConfiguration().maxPendingLines
    var helloTimeout: Int = Int(ServerConfiguration().helloTimeout.components.seconds)
    var logLevel: Logger.Level = .info
    var keymapLayout: String = "us"
    var layoutFiles: [String] = []
    var config: String? = nil
    var hanjaFiles: [String] = []
    var noSystemHanja: Bool = false
    var words: String = WordList.defaultPath
    var server: ServerKind = ServerConfiguration().server
    var hanjaLoadPatienceMilliseconds: Int = Hanguld.hanjaLoadPatienceMilliseconds
}
