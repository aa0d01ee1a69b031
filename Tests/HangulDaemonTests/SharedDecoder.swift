import HangulKeys

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The US reference decoder the daemon compiles once at start, for every test that needs xkb-data.
///
/// Tests that need it run when the data is installed and, when the `CI` environment variable is set,
/// also when it is missing, so that a CI image without `xkb-data` fails instead of skipping quietly.
enum SharedDecoder {
    static let result = Result { () throws(KeymapError) -> KeyDecoder in try KeyDecoder() }

    static let isAvailableOrRequired: Bool = {
        if case .success = result { return true }
        return getenv("CI") != nil
    }()

    /// The decoder, or the error naming the missing package.
    static func get() throws(KeymapError) -> KeyDecoder { try result.get() }
}
