import Foundation

/// Runs a program built by this package and collects what it printed.
struct Subprocess {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The directory holding this package's built products: the test bundle sits beside them.
    static let productsDirectory: URL = {
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
    static func run(
        _ product: String = "hangul-compose", _ arguments: [String], input: Data = Data(),
        environment: [String: String]? = nil
    ) throws -> Subprocess {
        let process = Process()
        process.executableURL = productsDirectory.appendingPathComponent(product)
        process.arguments = arguments
        if let environment { process.environment = environment }
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Feed stdin and drain stderr on their own threads so no pipe fills up and blocks the child.
        let done = DispatchGroup()
        nonisolated(unsafe) var errorOutput = Data()
        DispatchQueue.global().async(group: done) {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        DispatchQueue.global().async(group: done) {
            errorOutput = stderr.fileHandleForReading.readDataToEndOfFile()
        }
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return Subprocess(
            status: process.terminationStatus, stdout: String(decoding: output, as: UTF8.self),
            stderr: String(decoding: errorOutput, as: UTF8.self))
    }

    static func run(_ arguments: [String], input: String) throws -> Subprocess {
        try run("hangul-compose", arguments, input: Data(input.utf8))
    }
}
