import Foundation
import HangulTestSupport
import HangulWrongMode
import Testing

/// Issue 25: the daemon reads the English word list through the user's cache, so the list's table
/// is a mapped file (shared, clean page cache) rather than 2.3 MB of its heap for as long as it runs.
@Suite(.hangGuard)
struct WordListCacheDaemonTests {
    @Test func theDaemonWritesTheListsTableToTheUsersCacheAndMapsIt() async throws {
        let words = try TemporaryDirectory()
        defer { words.remove() }
        let list = try words.write("hello\nworld\n", to: "words")
        let cache = try #require(WordList.cache { ProcessInfo.processInfo.environment[$0] })
        let index = cache.indexPath(for: list)
        // The fix keys are on by default, so the daemon reads the list shortly after it starts.
        let daemon = try await RunningDaemon.start(["--words", list])
        let written = await eventually { FileManager.default.fileExists(atPath: index) }
        #expect(written, "the daemon wrote no table to \(index)")
        let maps = "/proc/\(daemon.child.pid)/maps"
        let mapped = await eventually { (try? String(contentsOfFile: maps, encoding: .utf8))?.contains(index) == true }
        #expect(mapped, "the daemon does not map \(index)")
        #expect(try await daemon.stop().status == 0)
    }
}
