import Foundation
import Glibc

/// Finding the programs some tests drive, and the rule for when they are missing.
enum SystemTools {
    /// The first executable called `name` on `$PATH`.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        return nil
    }

    /// Under CI (env `CI` set) a test needing a system tool must run, and fail if it is missing;
    /// elsewhere it runs only when the tools are there.
    static func shouldRun(needing names: [String]) -> Bool {
        ProcessInfo.processInfo.environment["CI"] != nil || names.allSatisfy { Self.find($0) != nil }
    }

    /// The built `hanguld` executable: it sits beside this test bundle in the build products directory
    /// (`swift test` builds every product first).
    static var hangulctl: String {
        URL(fileURLWithPath: hanguld).deletingLastPathComponent().appendingPathComponent("hangulctl").path
    }

    /// `$HANGUL_TEST_PRODUCTS/hanguld` when that is set (see `Subprocess.productsDirectory`).
    static var hanguld: String {
        if let other = ProcessInfo.processInfo.environment["HANGUL_TEST_PRODUCTS"], !other.isEmpty {
            return other + "/hanguld"
        }
        let testBinary = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        return URL(fileURLWithPath: testBinary).deletingLastPathComponent().appendingPathComponent("hanguld").path
    }
}
