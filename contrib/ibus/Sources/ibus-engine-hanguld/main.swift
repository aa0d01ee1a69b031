import CHangulIBusEngine
import CIBus
import HangulProtocol

#if canImport(Glibc)
    import Glibc
#endif

/// ibus-engine-hanguld: the IBus engine `hanguld`, a thin client of the hanguld daemon.
///
/// ibus-daemon starts it from the component file with `--ibus`; `--hanguld PATH` names the daemon
/// to start when none is listening (the installed component passes the one installed beside it).
let usage = """
    usage: ibus-engine-hanguld [--ibus] [--hanguld PATH] [--version]
      --ibus          started by ibus-daemon (the component file passes it)
      --hanguld PATH  start this hanguld when no daemon listens on the socket
      --version       print the version and exit
    The socket is $HANGULD_SOCKET, else $XDG_RUNTIME_DIR/hangul/hanguld.sock (PROTOCOL.md section 2).

    """
var hanguldPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--ibus": break
    case "--hanguld":
        guard let path = arguments.popFirst(), path.hasPrefix("/") else {
            writeText("ibus-engine-hanguld: --hanguld needs an absolute path\n" + usage, to: 2)
            exit(64)
        }
        hanguldPath = path
    case "-h", "--help":
        writeText(usage, to: 1)
        exit(0)
    case "--version":
        writeText(Wire.serverVersion + "\n", to: 1)
        exit(0)
    default:
        writeText("ibus-engine-hanguld: unknown argument '\(argument)'\n" + usage, to: 2)
        exit(64)
    }
}

EngineConfiguration.current = .fromEnvironment(hanguldPath: hanguldPath)
if case .failure(let failure) = EngineConfiguration.current.socketPath {
    writeText("ibus-engine-hanguld: no hanguld socket (\(failure)); every key passes through\n", to: 2)
}

ibus_init()
guard let bus = ibus_bus_new(), ibus_bus_is_connected(bus) != 0 else {
    writeText("ibus-engine-hanguld: cannot connect to ibus-daemon; is it running (ibus start)?\n", to: 2)
    exit(1)
}
hangul_ibus_quit_on_disconnect(bus)
EngineCallbacks.install()
guard let factory = ibus_factory_new(ibus_bus_get_connection(bus)) else {
    writeText("ibus-engine-hanguld: cannot create the engine factory on the IBus connection\n", to: 2)
    exit(1)
}
hangul_ibus_engine_add_to_factory(factory, "hanguld")
guard ibus_bus_request_name(bus, "org.freedesktop.IBus.Hanguld", 0) != 0 else {
    writeText(
        "ibus-engine-hanguld: the bus name org.freedesktop.IBus.Hanguld is taken; is another copy running?\n", to: 2)
    exit(1)
}
ibus_main()

/// Writes `text` to a file descriptor (stdio's globals are not concurrency-safe in Swift 6).
func writeText(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
    _ = bytes.withUnsafeMutableBytes { write(descriptor, $0.baseAddress, $0.count) }
}
