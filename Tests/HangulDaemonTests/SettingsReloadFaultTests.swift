import Foundation
import Glibc
import HangulClient
import HangulTestSupport
import Testing

/// Issue 23's faults in live reload, each reproduced against the built `hanguld` (run them against
/// an older build with `HANGUL_TEST_PRODUCTS`).
@Suite(.hangGuard)
struct SettingsReloadFaultTests {
    /// Whether a new session's `hello` contains `text` within `seconds`. A minute by default: an
    /// edit that reaches new sessions in 0.2 s alone took up to 5.4 s under load 15 (the whole suite
    /// on two cores), and one the daemon misses never arrives however long this waits.
    static func newSessionsSee(_ text: String, on daemon: RunningDaemon, within seconds: Int = 60) async -> Bool {
        await eventually(within: seconds) {
            guard let client = try? UnixClient(path: daemon.socketPath) else { return false }
            defer { client.close() }
            guard (try? client.send(SettingsDaemonTests.hello)) != nil, let hello = try? client.readLine() else {
                return false
            }
            return hello.contains(text)
        }
    }

    // MARK: - 6. Reload requests merged

    @Test func aThousandReloadRequestsAreMergedAndNeitherStallTheNextNorSIGTERM() async throws {
        // Bounds that load cannot stretch: runs of the reload counted, and CPU time, where wall
        // time was 13.8 s for the next reload under load 15 (about 1 s alone). No system hanja
        // dictionary: its load in the background would count in the daemon's CPU time.
        let daemon = try await RunningDaemon.start(
            ["--log-level", "notice", "--no-system-hanja"], configFile: "layout = \"3f\"\n")
        let pid = daemon.child.pid
        let client = try HangulClient(socketPath: daemon.socketPath, timeout: .seconds(60))
        // What two reloads one after another cost the daemon in CPU, measured in this run (a debug
        // build spends about 0.3 s on each).
        let beforeTwo = try CPUTime.of(pid)
        for _ in 0..<2 {
            #expect(try await Self.waitForReload(try client.reload(), on: client))
        }
        let twoReloads = try CPUTime.of(pid) - beforeTwo
        let flood = try UnixClient(path: daemon.socketPath)
        try flood.send(SettingsDaemonTests.hello)
        _ = try flood.readLine()
        try flood.send(
            (0..<1000).map { #"{"id":\#($0),"method":"reload"}"# + "\n" }.joined())
        for _ in 0..<1000 { _ = try flood.readLine() }
        // The next reload, as `hangulctl config set` asks for one, waits at most for the run under
        // way and the one that serves the requests made during it, not for a thousand: each run
        // accepts the file, one generation each.
        let generationBefore = try client.status().generation
        #expect(try await Self.waitForReload(try client.reload(), on: client), "the reload after a thousand never ran")
        let runsWaited = try client.status().generation - generationBefore
        #expect(runsWaited <= 3, "the reload after a thousand waited for \(runsWaited) runs")
        try flood.send(#"{"id":"r","method":"reload"}"# + "\n")
        _ = try flood.readLine()
        // SIGTERM ends the daemon without running what is owed: the old daemon ran them all
        // first, up to 30 s. Its end is polled without reaping it, so its CPU time stays readable.
        let beforeStop = try CPUTime.of(pid)
        kill(pid, SIGTERM)
        #expect(await eventually(within: 60) { CPUTime.hasExited(pid) }, "hanguld still ran 60 s after SIGTERM")
        let stopping = try CPUTime.of(pid) - beforeStop
        let outcome = try await daemon.stop()
        #expect(outcome.status == 0)
        #expect(
            stopping < twoReloads + .milliseconds(100),
            "SIGTERM waited behind the reloads: stopping cost the daemon \(stopping) of CPU, two reloads \(twoReloads)")
        let runs = outcome.stderr.split(separator: "\n").count { $0.contains("reloading") }
        #expect(runs < 102, "\(runs) reloads ran for 1,004 requests")
    }

    /// Asks for `ticket`'s reload to be done every 100 ms, for a minute at most: `waitForReload`
    /// asks every 20 ms, and the daemon's CPU for those answers grows with the wait, which load stretches.
    private static func waitForReload(_ ticket: Int, on client: HangulClient) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while try client.status().reloads < ticket {
            guard ContinuousClock.now < deadline else { return false }
            try await Task.sleep(for: .milliseconds(100))
        }
        return true
    }

    // MARK: - 12. The quiet period has an end

    @Test func anEditIsFollowedWhileAnotherProgramKeepsWritingInTheDirectory() async throws {
        let daemon = try await RunningDaemon.start(configFile: "layout = \"3f\"\n")
        #expect(await Self.newSessionsSee(#""options":{"layout":"3f","#, on: daemon))
        // The reference: how long an edit takes to reach new sessions with nobody else writing,
        // timed in this run, as loaded as the machine is now (0.5 s alone, some seconds under the
        // whole suite on two cores).
        let quietStart = ContinuousClock.now
        try daemon.directory.write("layout = \"ro\"\n", to: "config/hangul/config.toml")
        #expect(await Self.newSessionsSee(#""options":{"layout":"ro","#, on: daemon))
        let quiet = ContinuousClock.now - quietStart
        let busy = daemon.directory.child("config/hangul/other-program.state")
        let stop = SharedFlag()
        let writer = Thread {
            var count = 0
            while !stop.value {
                FileManager.default.createFile(atPath: busy, contents: Data("\(count)\n".utf8))
                count += 1
                usleep(60_000)
            }
        }
        writer.start()
        defer { stop.value = true }
        // The edit is made once the other program is writing, polled rather than slept for.
        #expect(await eventually { FileManager.default.fileExists(atPath: busy) })
        let busyStart = ContinuousClock.now
        try daemon.directory.write("layout = \"39\"\n", to: "config/hangul/config.toml")
        // The other program goes on writing until the edit is seen: a watcher that waited for it
        // to stop would never reload. One that waits at most a second (`longestWait`) takes about
        // that longer than the quiet edit; the bound leaves room for load that varies meanwhile.
        #expect(await Self.newSessionsSee(#""options":{"layout":"39","#, on: daemon))
        let followed = ContinuousClock.now - busyStart
        #expect(
            followed < quiet * 3 + .seconds(3),
            "the edit took \(followed) beside a writing program, \(quiet) alone")
        stop.value = true
        #expect(try await daemon.stop().status == 0)
    }

    // MARK: - 11. Links a dotfile manager makes

    @Test func anEditOfTheFileASymlinkedConfigLeadsToIsFollowed() async throws {
        let daemon = try await RunningDaemon.start()
        let target = try daemon.directory.write("layout = \"3f\"\n", to: "dotfiles/hangul/config.toml")
        try FileManager.default.createDirectory(
            atPath: daemon.directory.child("config/hangul"), withIntermediateDirectories: true)
        #expect(symlink(target, daemon.configPath) == 0)
        #expect(await Self.newSessionsSee(#""options":{"layout":"3f","#, on: daemon))
        // The link stays; the file it leads to is edited in place, as an editor in the dotfiles
        // repository does.
        try daemon.directory.write("layout = \"39\"\n", to: "dotfiles/hangul/config.toml")
        #expect(await Self.newSessionsSee(#""options":{"layout":"39","#, on: daemon))
        #expect(try await daemon.stop().status == 0)
    }

    @Test func aSettingsDirectoryReplacedByASymlinkIsFollowed() async throws {
        let daemon = try await RunningDaemon.start(configFile: "layout = \"3f\"\n")
        #expect(await Self.newSessionsSee(#""options":{"layout":"3f","#, on: daemon))
        try daemon.directory.write("layout = \"39\"\n", to: "dotfiles/hangul/config.toml")
        try FileManager.default.removeItem(atPath: daemon.directory.child("config/hangul"))
        #expect(symlink(daemon.directory.child("dotfiles/hangul"), daemon.directory.child("config/hangul")) == 0)
        #expect(await Self.newSessionsSee(#""options":{"layout":"39","#, on: daemon))
        // And an edit inside the directory the link leads to.
        try daemon.directory.write("layout = \"ro\"\n", to: "dotfiles/hangul/config.toml")
        #expect(await Self.newSessionsSee(#""options":{"layout":"ro","#, on: daemon))
        #expect(try await daemon.stop().status == 0)
    }

    // MARK: - D1 in the daemon

    @Test func aSettingsFileOthersCanWriteIsRefusedAndLogged() async throws {
        let daemon = try await RunningDaemon.start(configFile: "layout = \"3f\"\n", configMode: 0o666)
        #expect(await Self.newSessionsSee(#""options":{"layout":"2","#, on: daemon))
        let outcome = try await daemon.stop()
        #expect(outcome.stderr.contains("\(daemon.configPath): is writable by other users (mode 0666)"))
    }
}

/// A flag two threads share in a test.
final class SharedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false
    var value: Bool {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
