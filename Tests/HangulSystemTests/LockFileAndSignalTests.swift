import Glibc
import HangulSystem
import HangulTestSupport
import SystemPackage
import Testing

/// The daemon's lock file, its bound socket and the signals it ignores, moved here from its own
/// raw calls.
@Suite struct LockFileAndSignalTests {
    @Test func aLockIsRefusedWhileHeldAndFreeAgainOnceReleased() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.child("hanguld.sock.lock")
        let held = try #require(try LockFile.acquire(path: path))
        #expect(held.path == path)
        #expect(try FileStatus.of(path)?.permissions == 0o600)
        // A second open file is refused even in the same process: flock belongs to the open file.
        #expect(try LockFile.acquire(path: path) == nil)
        held.release()
        #expect(try FileStatus.of(path) == nil)
        let again = try #require(try LockFile.acquire(path: path))
        again.release()
    }

    @Test func aLockFileIsNeverOpenedThroughASymbolicLink() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let target = try temporary.write("", to: "elsewhere")
        let link = temporary.child("hanguld.sock.lock")
        #expect(symlink(target, link) == 0)
        #expect(throws: SystemCallError("open", path: link, errno: ELOOP)) { try LockFile.acquire(path: link) }
        #expect(
            SystemCallError("open", path: link, errno: ELOOP).description
                == "open \(link): Too many levels of symbolic links")
    }

    @Test func aLockFileInAMissingDirectoryIsNamedInTheError() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.child("missing/hanguld.sock.lock")
        #expect(throws: SystemCallError("open", path: path, errno: ENOENT)) { try LockFile.acquire(path: path) }
        #expect(
            SystemCallError("open", path: path, errno: ENOENT).description
                == "open \(path): No such file or directory")
    }

    /// Root creates files in a read-only directory anyway, so under root the lock is taken instead.
    @Test func aReadOnlyDirectoryRefusesTheLockFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        #expect(try FileSystem.makeDirectory(temporary.child("locked"), mode: 0o500))
        defer { try? FileSystem.changeMode(temporary.child("locked"), 0o700) }
        let path = temporary.child("locked/hanguld.sock.lock")
        if geteuid() == 0 {
            let lock = try #require(try LockFile.acquire(path: path))
            lock.release()
        } else {
            #expect(throws: SystemCallError("open", path: path, errno: EACCES)) { try LockFile.acquire(path: path) }
        }
    }

    @Test func lockingAClosedDescriptorSaysWhichCallFailed() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = try FileDescriptor.open(
            FilePath(temporary.child("f")), .readWrite, options: [.create], permissions: .ownerReadWrite)
        #expect(try file.tryLockExclusively())
        try file.close()
        #expect(throws: SystemCallError("flock", errno: EBADF)) { try file.tryLockExclusively() }
        #expect(SystemCallError("flock", errno: EBADF).description == "flock: Bad file descriptor")
    }

    @Test func aBoundSocketHasTheModeAskedForAndATakenPathIsRefused() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.child("s.sock")
        let socket = try FileDescriptor.boundUnixSocket(path: path, mode: 0o640)
        defer { try? socket.close() }
        #expect(try FileStatus.of(path)?.isSocket == true)
        #expect(try FileStatus.of(path)?.permissions == 0o640)
        #expect(throws: SystemCallError("bind", path: path, errno: EADDRINUSE)) {
            try FileDescriptor.boundUnixSocket(path: path, mode: 0o600)
        }
        #expect(
            SystemCallError("bind", path: path, errno: EADDRINUSE).description
                == "bind \(path): Address already in use")
        let missing = temporary.child("missing/s.sock")
        #expect(throws: SystemCallError("bind", path: missing, errno: ENOENT)) {
            try FileDescriptor.boundUnixSocket(path: missing, mode: 0o600, nonBlocking: true)
        }
    }

    /// SIGWINCH rather than SIGPIPE: the test process already ignores SIGPIPE (SpawnedProcess), so
    /// ignoring it again could not show that `ignore` works. SIGWINCH is harmless either way.
    @Test func anIgnoredSignalIsDiscardedOnDelivery() throws {
        signal(SIGWINCH, SIG_DFL)
        defer { signal(SIGWINCH, SIG_DFL) }
        #expect(!Signals.isIgnored(SIGWINCH))
        try Signals.ignore(SIGWINCH)
        #expect(Signals.isIgnored(SIGWINCH))
        #expect(raise(SIGWINCH) == 0)
        #expect(!Signals.isIgnored(SIGKILL))
    }

    @Test func aSignalThatCannotBeIgnoredIsAnError() {
        #expect(throws: SystemCallError("sigaction(9)", errno: EINVAL)) { try Signals.ignore(SIGKILL) }
        #expect(throws: SystemCallError("sigaction(0)", errno: EINVAL)) { try Signals.ignore(0) }
        #expect(SystemCallError("sigaction(9)", errno: EINVAL).description == "sigaction(9): Invalid argument")
    }

    /// Every detached thread does so before its body runs (the daemon's watcher, reload runner and
    /// hanja loader alike), so a SIGTERM or SIGHUP is handled on the daemon's main thread, which
    /// reads them, and interrupts none of their blocking calls.
    @Test func aDetachedThreadBlocksSIGTERMAndSIGHUPButNotFaults() throws {
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &before)
        let (readEnd, writeEnd) = try FileDescriptor.pipe()
        defer {
            try? readEnd.close()
            try? writeEnd.close()
        }
        try DetachedThread.start {
            var mask = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &mask)
            let blocked = [SIGTERM, SIGHUP, SIGINT, SIGUSR1].allSatisfy { sigismember(&mask, $0) == 1 }
            let faults = [SIGSEGV, SIGBUS, SIGFPE, SIGILL].allSatisfy { sigismember(&mask, $0) == 0 }
            _ = try? writeEnd.writeAll((blocked && faults ? "yes" : "no").utf8)
        }
        var answer = [UInt8](repeating: 0, count: 3)
        let count = try answer.withUnsafeMutableBytes { try readEnd.read(into: $0) }
        #expect(String(decoding: answer[..<count], as: UTF8.self) == "yes")
        // The calling thread is untouched.
        var after = sigset_t()
        pthread_sigmask(SIG_BLOCK, nil, &after)
        #expect((1..<32).allSatisfy { sigismember(&before, $0) == sigismember(&after, $0) })
    }

    @Test func theCurrentProcessIsTheOneTheKernelNames() {
        #expect(CurrentProcess.id == getpid())
        #expect(CurrentProcess.effectiveUserID == geteuid())
    }
}
