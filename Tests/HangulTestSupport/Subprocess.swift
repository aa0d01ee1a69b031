import Foundation

/// Runs a program built by this package and collects what it printed. Equal when two programs
/// printed and exited alike.
public struct Subprocess: Equatable {
    public var status: Int32
    public var stdout: String
    public var stderr: String

    /// The directory holding this package's built products: the test bundle sits beside them, or
    /// `$HANGUL_TEST_PRODUCTS` when set, so the end-to-end tests can be run against another build
    /// (an older commit's, to see a regression test fail there).
    public static let productsDirectory: URL = {
        if let other = ProcessInfo.processInfo.environment["HANGUL_TEST_PRODUCTS"], !other.isEmpty {
            return URL(fileURLWithPath: other)
        }
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.isExecutableFile(atPath: url.appendingPathComponent("hangul-compose").path) {
                return url
            }
        }
        return URL(fileURLWithPath: ".build/debug")
    }()

    /// Runs `hangul-compose` (or another product) with `arguments`, feeding `input` on standard input.
    public static func run(
        _ product: String = "hangul-compose", _ arguments: [String], input: Data = Data(),
        environment: [String: String]? = nil
    ) throws -> Subprocess {
        let child = try SpawnedProcess(
            productsDirectory.appendingPathComponent(product).path, arguments, environment: environment,
            input: Array(input))
        let outcome = child.wait()
        return Subprocess(status: outcome.status, stdout: outcome.stdout, stderr: outcome.stderr)
    }

    public static func run(_ arguments: [String], input: String) throws -> Subprocess {
        try run("hangul-compose", arguments, input: Data(input.utf8))
    }
}
