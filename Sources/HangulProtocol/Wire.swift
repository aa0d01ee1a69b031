import HangulKeys

/// The protocol's fixed numbers, shared by the daemon, the client library and the tests.
///
/// `protocol/PROTOCOL.md` is normative; these constants restate its numbers for Swift code.
public enum Wire {
    /// The protocol version this code speaks; `hello` negotiates down to it.
    public static let protocolVersion: Int64 = 1
    /// The longest line either side may send, in bytes, the terminating newline included.
    public static let maxLineBytes = 65536
    /// How deeply arrays and objects may nest in one line; no request needs more than 3.
    public static let maxNestingDepth = 64
    /// How many sessions (connections) the daemon serves at once unless configured otherwise.
    public static let defaultMaxSessions = 256
    /// How many replies the daemon lets wait for a client that does not read, unless configured otherwise.
    public static let defaultMaxPendingRequests = 1024
    /// How many bytes of requests may wait for their replies to be read, per connection: with
    /// ``defaultMaxPendingRequests`` this bounds the memory a client that never reads can take.
    public static let maxPendingRequestBytes = 1 << 20
    /// How many seconds a connection may go without `hello`, or leave a line unfinished, unless
    /// configured otherwise.
    public static let defaultHelloTimeoutSeconds = 10
    /// The most bytes a string request id may have; bounds what a reply echoes.
    public static let maxIDBytes = 256
    /// The most bytes `hello`'s `client` name may have.
    public static let maxClientNameBytes = 256
    /// The most entries in the `toggle-keys` option.
    public static let maxToggleKeys = OptionKind.maximumKeys
    /// The name the daemon gives in `hello`.
    public static let serverName = "hanguld"
    /// The project's version: what `hello` and `status` report and every executable prints with
    /// `--version`. The `VERSION` file at the root of the repository is the one place it is set; a
    /// test holds this constant to it, and the packaging (debian/rules, CMake) reads that file.
    public static let serverVersion = "0.1.0"
}
