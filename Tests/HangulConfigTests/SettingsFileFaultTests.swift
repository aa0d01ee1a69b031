import Foundation
import Glibc
import HangulTestSupport
import Testing

/// Issue 23's faults in `hangulctl config` and the settings file, each reproduced end to end
/// through the built `hangulctl` (run them against an older build with `HANGUL_TEST_PRODUCTS`).
@Suite struct SettingsFileFaultTests {
    static var hangulctl: String { Subprocess.productsDirectory.appendingPathComponent("hangulctl").path }

    /// Runs `hangulctl` with the temporary directory as its home; a run still going after
    /// `patience` is killed and reported as blocked (exit status -1).
    static func run(
        _ arguments: [String], home: TemporaryDirectory, patience: Duration = .seconds(10)
    ) throws -> SpawnedProcess.Outcome {
        let child = try SpawnedProcess(
            hangulctl, arguments,
            environment: ["XDG_CONFIG_HOME": home.child("config"), "HOME": home.path, "PATH": "/usr/bin:/bin"])
        let deadline = ContinuousClock.now + patience
        while child.isRunning && ContinuousClock.now < deadline { usleep(5_000) }
        if child.isRunning {
            kill(child.pid, SIGKILL)
            var outcome = child.wait()
            outcome.status = -1
            outcome.stderr = "blocked for \(patience)\n" + outcome.stderr
            return outcome
        }
        return child.wait()
    }

    /// The file's bytes as text, a byte-order mark kept (Foundation's `String(contentsOfFile:)` drops it).
    static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    // MARK: - 7. A named pipe

    @Test func everyConfigCommandRefusesANamedPipeAtOnce() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = home.child("config/hangul/config.toml")
        try FileManager.default.createDirectory(atPath: home.child("config/hangul"), withIntermediateDirectories: true)
        #expect(mkfifo(path, 0o600) == 0)
        for arguments in [["config", "check"], ["config", "get"], ["config", "set", "layout", "3f"]] {
            let outcome = try Self.run(arguments, home: home, patience: .seconds(5))
            #expect(outcome.status == 1, "\(arguments): \(outcome.stderr)")
            #expect(outcome.stderr.contains("\(path): is a named pipe (FIFO), not a regular file"), "\(arguments)")
        }
    }

    // MARK: - 1. Two sets at once

    @Test func twoSetsOfDifferentKeysAtOnceKeepBothChanges() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = home.child("config/hangul/config.toml")
        var lost: [String] = []
        for trial in 0..<20 {
            try home.write("# trial \(trial)\nlayout = \"2\"\n", to: "config/hangul/config.toml")
            let environment = [
                "XDG_CONFIG_HOME": home.child("config"), "HOME": home.path, "PATH": "/usr/bin:/bin",
            ]
            let first = try SpawnedProcess(
                Self.hangulctl, ["config", "set", "auto-reorder", "true"], environment: environment)
            let second = try SpawnedProcess(
                Self.hangulctl, ["config", "set", "start-mode", "latin"], environment: environment)
            let outcomes = [first.wait(), second.wait()]
            #expect(outcomes.allSatisfy { $0.status == 0 }, "\(outcomes.map(\.stderr))")
            let text = Self.contents(path) ?? ""
            if !text.contains("auto-reorder = true") || !text.contains("start-mode = \"latin\"") { lost.append(text) }
        }
        #expect(lost.isEmpty, "\(lost.count) of 20 trials lost a change; first: \(lost.first ?? "")")
        // The lock file stays beside the settings file and is no setting itself.
        #expect(try Self.run(["config", "check"], home: home).status == 0)
    }

    // MARK: - 13. A byte-order mark, an escaped key, CRLF

    @Test func aFileWithAByteOrderMarkIsEditedWhereTheKeyIs() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write("\u{FEFF}layout = \"3f\"\noutput = \"jamo\"\n", to: "config/hangul/config.toml")
        let set = try Self.run(["config", "set", "layout", "39"], home: home)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(Self.contents(path) == "\u{FEFF}layout = \"39\"\noutput = \"jamo\"\n")
        let unset = try Self.run(["config", "unset", "layout"], home: home)
        #expect(unset.status == 0, "\(unset.stderr)")
        #expect(Self.contents(path) == "\u{FEFF}output = \"jamo\"\n")
        #expect(try Self.run(["config", "get", "layout"], home: home).stdout == "2\n")
    }

    @Test func aQuotedOrEscapedKeyIsEditedWhereItIsWritten() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write(
            "\"lay\\u006Fut\" = \"3f\"  # escaped\n'output' = \"jamo\"\n", to: "config/hangul/config.toml")
        let set = try Self.run(["config", "set", "layout", "39"], home: home)
        #expect(set.status == 0, "\(set.stderr)")
        #expect(Self.contents(path) == "\"lay\\u006Fut\" = \"39\"  # escaped\n'output' = \"jamo\"\n")
        let unset = try Self.run(["config", "unset", "output"], home: home)
        #expect(unset.status == 0, "\(unset.stderr)")
        #expect(Self.contents(path) == "\"lay\\u006Fut\" = \"39\"  # escaped\n")
    }

    @Test func crlfLineEndsAreKeptByEveryEdit() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write("# mine\r\nlayout = \"3f\"\r\n", to: "config/hangul/config.toml")
        #expect(try Self.run(["config", "set", "layout", "39"], home: home).status == 0)
        #expect(try Self.run(["config", "set", "start-mode", "latin"], home: home).status == 0)
        #expect(Self.contents(path) == "# mine\r\nlayout = \"39\"\r\nstart-mode = \"latin\"\r\n")
        #expect(try Self.run(["config", "unset", "layout"], home: home).status == 0)
        #expect(Self.contents(path) == "# mine\r\nstart-mode = \"latin\"\r\n")
    }

    // MARK: - D1. Files and directories others can write or own

    @Test func aSettingsFileOrDirectoryOthersCanWriteIsRefused() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write("layout = \"3f\"\n", to: "config/hangul/config.toml")
        #expect(chmod(path, 0o646) == 0)
        let file = try Self.run(["config", "get", "layout"], home: home)
        #expect(file.status == 1)
        #expect(file.stderr.contains("\(path): is writable by other users (mode 0646)"), "\(file.stderr)")
        #expect(chmod(path, 0o644) == 0)
        #expect(chmod(home.child("config/hangul"), 0o777) == 0)
        let directory = try Self.run(["config", "get", "layout"], home: home)
        #expect(directory.status == 1)
        #expect(
            directory.stderr.contains("\(home.child("config/hangul")) is writable by other users (mode 0777)"),
            "\(directory.stderr)")
        #expect(chmod(home.child("config/hangul"), 0o755) == 0)
        #expect(try Self.run(["config", "get", "layout"], home: home).stdout == "3f\n")
    }

    @Test(.enabled(if: geteuid() == 0)) func aSettingsFileOrDirectoryOfAnotherUserIsRefused() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let path = try home.write("layout = \"3f\"\n", to: "config/hangul/config.toml")
        #expect(chown(path, 65534, 65534) == 0)
        let file = try Self.run(["config", "get", "layout"], home: home)
        #expect(file.status == 1)
        #expect(file.stderr.contains("\(path): belongs to user 65534, not to you (user 0)"), "\(file.stderr)")
        #expect(chown(path, 0, 0) == 0)
        #expect(chown(home.child("config/hangul"), 65534, 65534) == 0)
        let directory = try Self.run(["config", "get", "layout"], home: home)
        #expect(directory.status == 1)
        #expect(
            directory.stderr.contains("\(home.child("config/hangul")) belongs to user 65534, not to you (user 0)"),
            "\(directory.stderr)")
    }

    // MARK: - D2. Links

    @Test(.enabled(if: geteuid() == 0)) func setNeverWritesThroughALinkToAnotherUsersFile() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        let victim = try home.write("# someone else's notes\n", to: "victim/file")
        #expect(chown(victim, 65534, 65534) == 0)
        try FileManager.default.createDirectory(atPath: home.child("config/hangul"), withIntermediateDirectories: true)
        #expect(symlink(victim, home.child("config/hangul/config.toml")) == 0)
        let set = try Self.run(["config", "set", "layout", "3f"], home: home)
        #expect(set.status == 1)
        #expect(set.stderr.contains("belongs to user 65534, not to you (user 0)"), "\(set.stderr)")
        #expect(Self.contents(victim) == "# someone else's notes\n")
        var status = stat()
        #expect(stat(victim, &status) == 0 && status.st_uid == 65534)
    }

    @Test func setRefusesADanglingLinkRatherThanReplacingIt() throws {
        let home = try TemporaryDirectory()
        defer { home.remove() }
        try FileManager.default.createDirectory(atPath: home.child("config/hangul"), withIntermediateDirectories: true)
        let link = home.child("config/hangul/config.toml")
        #expect(symlink(home.child("dotfiles/hangul.toml"), link) == 0)
        let set = try Self.run(["config", "set", "layout", "3f"], home: home)
        #expect(set.status == 1)
        #expect(
            set.stderr.contains(
                "\(link): is a symbolic link to \(home.child("dotfiles/hangul.toml")), which does not exist"),
            "\(set.stderr)")
        #expect(
            (try? FileManager.default.destinationOfSymbolicLink(atPath: link)) == home.child("dotfiles/hangul.toml"))
    }
}
