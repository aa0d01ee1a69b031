import Glibc
import HangulSystem
import HangulTestSupport
import SystemPackage
import Testing

/// Replacing a file whole (the settings file's writer), and creating the directories it needs.
@Suite struct ReplaceContentsTests {
    @Test func aNewFileGetsItsBytesAndTheUmaskedDefaultModeAndNothingElseIsLeft() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.child("config.toml")
        try FileSystem.replaceContents(of: path, with: Array("layout = \"3f\"\n".utf8))
        #expect(try Self.contents(path) == "layout = \"3f\"\n")
        #expect(try FileStatus.of(path)?.permissions == 0o644 & ~(try Self.umask()))
        #expect(try Self.names(in: temporary.path) == ["config.toml"])
    }

    @Test func aReplacedFileKeepsItsModeAndLosesItsOldBytes() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = try temporary.write("a much longer first version\n", to: "config.toml")
        for mode: mode_t in [0o600, 0o640, 0o604] {
            try FileSystem.changeMode(path, mode)
            try FileSystem.replaceContents(of: path, with: Array("v\(mode)\n".utf8))
            #expect(try Self.contents(path) == "v\(mode)\n")
            #expect(try FileStatus.of(path)?.permissions == mode)
        }
        try FileSystem.replaceContents(of: path, with: [])
        #expect(try Self.contents(path) == "")
        #expect(try Self.names(in: temporary.path) == ["config.toml"])
    }

    @Test func aSymbolicLinkStaysALinkAndItsTargetIsReplaced() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        #expect(try FileSystem.makeDirectory(temporary.child("dotfiles"), mode: 0o700))
        let target = try temporary.write("old\n", to: "dotfiles/config.toml")
        try FileSystem.changeMode(target, 0o600)
        let link = temporary.child("config.toml")
        #expect(symlink(target, link) == 0)
        try FileSystem.replaceContents(of: link, with: Array("new\n".utf8))
        #expect(try FileStatus.of(link)?.isSymbolicLink == true)
        #expect(try Self.contents(target) == "new\n")
        #expect(try FileStatus.of(target)?.permissions == 0o600)
        #expect(try Self.names(in: temporary.child("dotfiles")) == ["config.toml"])
    }

    @Test func aMissingDirectoryIsNamedInTheError() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let path = temporary.child("missing/config.toml")
        let expected = SystemCallError("open", path: temporary.child("missing/.config.toml.XXXXXX"), errno: ENOENT)
        #expect(throws: expected) { try FileSystem.replaceContents(of: path, with: Array("x".utf8)) }
        #expect(expected.description == "open \(temporary.path)/missing/.config.toml.XXXXXX: No such file or directory")
    }

    /// Root writes into a read-only directory anyway (permission checks do not apply to it), so
    /// under root the write must succeed instead; either way nothing but the file is left.
    @Test func aReadOnlyDirectoryRefusesTheWriteAndKeepsTheOldFile() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        #expect(try FileSystem.makeDirectory(temporary.child("locked"), mode: 0o700))
        let path = try temporary.write("old\n", to: "locked/config.toml")
        try FileSystem.changeMode(temporary.child("locked"), 0o500)
        defer { try? FileSystem.changeMode(temporary.child("locked"), 0o700) }
        if geteuid() == 0 {
            try FileSystem.replaceContents(of: path, with: Array("new\n".utf8))
            #expect(try Self.contents(path) == "new\n")
        } else {
            let expected = SystemCallError("open", path: temporary.child("locked/.config.toml.XXXXXX"), errno: EACCES)
            #expect(throws: expected) { try FileSystem.replaceContents(of: path, with: Array("new\n".utf8)) }
            #expect(
                expected.description == "open \(temporary.path)/locked/.config.toml.XXXXXX: Permission denied")
            #expect(try Self.contents(path) == "old\n")
        }
        #expect(try Self.names(in: temporary.child("locked")) == ["config.toml"])
    }

    /// The rename is the last step that can fail: the temporary file has been written and synced by
    /// then, and must still be removed.
    @Test func aFailedRenameLeavesNoTemporaryFileBehind() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        #expect(try FileSystem.makeDirectory(temporary.child("taken"), mode: 0o700))
        _ = try temporary.write("", to: "taken/inside")
        let path = temporary.child("taken")
        #expect(throws: SystemCallError("rename", path: path, errno: EISDIR)) {
            try FileSystem.replaceContents(of: path, with: Array("x".utf8))
        }
        #expect(SystemCallError("rename", path: path, errno: EISDIR).description == "rename \(path): Is a directory")
        #expect(try Self.names(in: temporary.path) == ["taken"])
        #expect(try Self.names(in: path) == ["inside"])
    }

    @Test func directoriesAreMadeWithTheirParentsAndAFileInTheWayIsNamed() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let deep = temporary.child("a/b/c")
        try FileSystem.makeDirectories(deep, mode: 0o700)
        #expect(try FileStatus.of(deep)?.isDirectory == true)
        #expect(try FileStatus.of(temporary.child("a"))?.permissions == 0o700 & ~(try Self.umask()))
        try FileSystem.makeDirectories(deep, mode: 0o700)
        let file = try temporary.write("", to: "a/file")
        #expect(throws: SystemCallError("mkdir", path: file, errno: ENOTDIR)) {
            try FileSystem.makeDirectories(file + "/d/e", mode: 0o700)
        }
        #expect(SystemCallError("mkdir", path: file, errno: ENOTDIR).description == "mkdir \(file): Not a directory")
    }

    @Test func synchronizingAFileSucceedsAndAClosedDescriptorIsReported() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let file = try FileDescriptor.open(
            FilePath(temporary.child("f")), .writeOnly, options: [.create], permissions: .ownerReadWrite)
        try file.synchronize()
        try file.close()
        #expect(throws: SystemCallError("fsync", errno: EBADF)) { try file.synchronize() }
    }

    private static func contents(_ path: String) throws -> String {
        let file = try FileDescriptor.open(FilePath(path), .readOnly)
        defer { try? file.close() }
        return String(decoding: try file.readAll(upTo: 1 << 20), as: UTF8.self)
    }

    private static func names(in directory: String) throws -> [String] {
        let names = try FileSystem.directoryEntryNames(directory) ?? []
        return names.map { String(decoding: $0, as: UTF8.self) }.sorted()
    }

    /// The process's umask from `/proc/self/status`: reading it with `umask(2)` would change it for
    /// a moment, under tests running in parallel.
    private static func umask() throws -> mode_t {
        let status = try contents("/proc/self/status")
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        return try #require(mode_t(line.dropFirst("Umask:".count).trimmingPrefix { $0 == "\t" || $0 == " " }, radix: 8))
    }
}
