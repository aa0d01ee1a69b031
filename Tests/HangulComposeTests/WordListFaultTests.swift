import Foundation
import Glibc
import HangulTestSupport
import Testing

/// Issue 23, fault 8: `--fix --words PATH` read whatever was at the path to its end, so a FIFO
/// blocked for ever and `/dev/zero` was read until memory ran out. The list must be a regular file
/// of bounded size, and anything else is refused at once with a message.
@Suite struct WordListFaultTests {
    /// Runs `hangul-compose --fix --words PATH gksrmf`; a child still running after 10 seconds is
    /// killed, so a regression fails the test rather than hanging the suite or filling memory.
    static func fix(words path: String) async throws -> SpawnedProcess.Outcome {
        let child = try SpawnedProcess(
            Subprocess.productsDirectory.appendingPathComponent("hangul-compose").path,
            ["--fix", "--words", path, "gksrmf"],
            environment: ["XDG_CONFIG_HOME": "/nonexistent", "PATH": "/usr/bin:/bin"])
        let deadline = ContinuousClock.now + .seconds(10)
        while child.isRunning, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        if child.isRunning { kill(child.pid, SIGKILL) }
        return child.wait()
    }

    static func refusal(_ path: String, _ reason: String) -> String {
        "hangul-compose: cannot read the word list \(path): \(reason); install Debian's wamerican (scripts/setup "
            + "does) or name another list with --words PATH\n"
    }

    @Test func aFIFOGivenAsTheWordListIsRefusedAtOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fifo = directory.child("words")
        #expect(mkfifo(fifo, 0o600) == 0)
        let outcome = try await Self.fix(words: fifo)
        #expect(outcome.exited, "hangul-compose blocked on the FIFO and was killed")
        #expect(outcome.status == 1)
        #expect(outcome.stderr == Self.refusal(fifo, "it is a named pipe (FIFO), not a regular file"))
        #expect(outcome.stdout.isEmpty)
    }

    @Test func aDeviceGivenAsTheWordListIsRefusedWithoutReadingIt() async throws {
        let outcome = try await Self.fix(words: "/dev/zero")
        #expect(outcome.exited, "hangul-compose read /dev/zero and was killed")
        #expect(outcome.status == 1)
        #expect(outcome.stderr == Self.refusal("/dev/zero", "it is a device, not a regular file"))
    }

    /// A sparse file one byte over the bound: refused by its size, before a byte of it is read.
    @Test func aWordListLargerThanTheBoundIsRefused() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.child("words")
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        #expect(descriptor >= 0)
        #expect(ftruncate(descriptor, off_t(64 * 1024 * 1024 + 1)) == 0)
        close(descriptor)
        let outcome = try await Self.fix(words: path)
        #expect(outcome.exited)
        #expect(outcome.status == 1)
        #expect(
            outcome.stderr
                == Self.refusal(path, "it is larger than 64 MiB, the most a word list may be (Debian's is about 1 MB)"))
    }

    /// At the bound the file is read: a list of one word padded to exactly 64 MiB with one line of
    /// hyphens, which is not a word.
    @Test func aWordListOfExactlyTheBoundIsRead() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.child("words")
        var bytes = Array("hello\n".utf8)
        bytes += [UInt8](repeating: 0x2D, count: 64 * 1024 * 1024 - bytes.count - 1) + [0x0A]
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let outcome = try await Self.fix(words: path)
        #expect(outcome.exited)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == "한글\n")
        #expect(outcome.stderr == "")
    }
}
