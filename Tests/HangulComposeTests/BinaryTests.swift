import CGNUShims
import Foundation
import Glibc
import HangulTestSupport
import Testing

/// The built `hangul-compose` binary as a user runs it: what only a real process shows (its
/// arguments as bytes, its standard streams, its exit status). The logic is tested in process.
@Suite struct BinaryTests {
    @Test func typesTheGreetingFromStandardInput() throws {
        let result = try Subprocess.run([], input: "dkssudgktpdy\n")
        #expect(result.stdout == "안녕하세요\n")
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test func anErrorLineIsReportedAndTheBatchGoesOnWithStatusOne() throws {
        let input = Data("rk\n".utf8) + Data([0x72, 0x6B, 0xFF, 0x73]) + Data("\nsk\n".utf8)
        let result = try Subprocess.run("hangul-compose", [], input: input)
        #expect(result.stdout == "가\n\n나\n")
        #expect(result.stderr == "hangul-compose: line 2: not valid UTF-8 at byte 3\n")
        #expect(result.status == 1)
    }

    /// Issue 12, fault 7: the argument was typed as U+FFFD and the exit status was 0.
    @Test func anArgumentThatIsNotUTF8IsReported() throws {
        // Swift strings cannot hold the bad byte, so the raw argv is built by hand.
        let path = Subprocess.productsDirectory.appendingPathComponent("hangul-compose").path
        let result = try Self.run(path, arguments: [Array("rk".utf8), [0x73, 0x6B, 0xC3]])
        #expect(result.stdout == "가\n\n")
        #expect(result.stderr == "hangul-compose: argument 2: not valid UTF-8 at byte 3\n")
        #expect(result.status == 1)
    }

    /// Issue 12, fault 8: `hangul-compose dkssud > /dev/full` exited 0 and said nothing.
    @Test(arguments: [["dkssud"], ["--json", "dkssud"], ["--list-layouts"]])
    func aFullDiskIsAnErrorWithAMessage(arguments: [String]) throws {
        let path = Subprocess.productsDirectory.appendingPathComponent("hangul-compose").path
        let result = try Self.run(path, arguments: arguments.map { Array($0.utf8) }, stdout: "/dev/full")
        #expect(result.status == 74)
        #expect(result.stderr == "hangul-compose: cannot write to standard output: No space left on device\n")
    }

    @Test func aClosedPipeIsAnErrorWithAMessageNotASignal() throws {
        let path = Subprocess.productsDirectory.appendingPathComponent("hangul-compose").path
        let result = try Self.run(path, arguments: [Array("dkssud".utf8)], closeStdout: true)
        #expect(result.status == 74)
        #expect(result.stderr == "hangul-compose: cannot write to standard output: Broken pipe\n")
    }

    @Test func twoFormatsAreAUsageError() throws {
        let result = try Subprocess.run(["--trace", "--json", "rk"], input: "")
        #expect(result.status == 64)
        #expect(
            result.stderr.hasPrefix(
                "Error: Value to be set with flag '--json' had already been set with flag '--trace'\n"))
    }

    /// Runs `path` with raw argument bytes and standard input from `stdin`; standard output to a
    /// file, or to a pipe whose reading end is already closed. Standard error is collected.
    static func run(
        _ path: String, arguments: [[UInt8]], stdin: String = "/dev/null", stdout: String? = nil,
        closeStdout: Bool = false
    ) throws -> (stdout: String, stderr: String, status: Int32) {
        var errorPipe: [Int32] = [0, 0]
        var outputPipe: [Int32] = [0, 0]
        guard pipe(&errorPipe) == 0, pipe(&outputPipe) == 0 else { throw POSIXError(.EIO) }
        // Close-on-exec, so that children other tests start meanwhile do not hold these pipes open.
        for end in errorPipe + outputPipe { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        if let stdout {
            posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, outputPipe[1], 1)
        }
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], 2)
        posix_spawn_file_actions_addclose(&actions, errorPipe[0])
        posix_spawn_file_actions_addclose(&actions, outputPipe[0])
        _ = hangul_spawn_close_from(&actions, 3)
        var argv: [UnsafeMutablePointer<CChar>?] = [strdup(path)]
        for argument in arguments {
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: argument.count + 1)
            for (index, byte) in argument.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[argument.count] = 0
            argv.append(pointer)
        }
        argv.append(nil)
        defer { for pointer in argv { free(pointer) } }
        if closeStdout { close(outputPipe[0]) }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, nil, &argv, environ)
        close(errorPipe[1])
        close(outputPipe[1])
        guard spawned == 0 else { throw POSIXError(.init(rawValue: spawned) ?? .EIO) }
        var output = Data()
        if !closeStdout { output = Self.readAll(outputPipe[0]) }
        let errors = Self.readAll(errorPipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (
            String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self),
            status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        )
    }

    static func readAll(_ descriptor: Int32) -> Data {
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            data.append(contentsOf: chunk[0..<count])
        }
        close(descriptor)
        return data
    }
}
