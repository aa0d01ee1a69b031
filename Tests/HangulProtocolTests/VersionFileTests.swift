import HangulProtocol
import Testing

/// The `VERSION` file at the root is the project's one version number (the packaging and the fcitx5
/// addon's CMake read it); SwiftPM cannot define a constant from a file without a build plugin, so
/// the constant every executable prints with `--version` is held to the file here.
@Suite struct VersionFileTests {
    @Test func theServerVersionIsTheVersionFilesLine() throws {
        let versionFile = ConformanceTests.directory.dropLast("/protocol/conformance".count) + "/VERSION"
        let text = try TranscriptFiles.read(String(versionFile))
        #expect(text == Wire.serverVersion + "\n", "VERSION and Wire.serverVersion differ: change both")
    }
}
