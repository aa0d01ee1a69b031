import Glibc
import HangulSystem
import HangulTestSupport
import SystemPackage
import Testing

/// Directory listings and the environment, the last raw C calls the executables shared by hand.
@Suite struct DirectoryAndEnvironmentTests {
    @Test func aListingGivesEveryNameAsBytesWithoutTheDotEntries() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        _ = try temporary.write("", to: "b.layout")
        _ = try temporary.write("", to: ".hidden")
        #expect(try FileSystem.makeDirectory(temporary.child("sub"), mode: 0o700))
        // A name that is not UTF-8 (Latin-1 "é") must come back byte for byte.
        let latin1: [UInt8] = Array("/caf".utf8) + [0xE9]
        let path = Array(temporary.path.utf8) + latin1
        let filePath = FilePath(platformString: path.map { CChar(bitPattern: $0) } + [0])
        try FileDescriptor.open(filePath, .writeOnly, options: .create, permissions: .ownerReadWrite).close()

        let names = try #require(try FileSystem.directoryEntryNames(temporary.path))
        #expect(
            names.sorted { $0.lexicographicallyPrecedes($1) } == [
                Array(".hidden".utf8), Array("b.layout".utf8), Array("caf".utf8) + [0xE9], Array("sub".utf8),
            ])
    }

    @Test func aMissingDirectoryListsAsNilButAFileIsAnError() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        #expect(try FileSystem.directoryEntryNames(temporary.child("missing")) == nil)
        let file = try temporary.write("x", to: "file")
        #expect(throws: SystemCallError("opendir", path: file, errno: ENOTDIR)) {
            try FileSystem.directoryEntryNames(file)
        }
        #expect(
            SystemCallError("opendir", path: file, errno: ENOTDIR).description == "opendir \(file): Not a directory")
    }

    @Test func anEnvironmentVariableReadsBackAsSetEmptyOrUnset() {
        let name = "HANGUL_SYSTEM_TESTS_\(getpid())"
        #expect(Environment.value(name) == nil)
        setenv(name, "", 1)
        #expect(Environment.value(name) == "")
        setenv(name, "한글", 1)
        #expect(Environment.value(name) == "한글")
        Environment.remove(name)
        #expect(Environment.value(name) == nil)
        Environment.remove(name)
    }
}
