import Foundation
import Glibc
import HangulTestSupport
import Testing

/// Issue 23, hole D3: `scripts/uninstall` deleted whatever its manifest listed, so a manifest
/// that was edited (or planted: it is a file in the prefix) removed files outside the prefix,
/// through `..`, or through a directory of the prefix replaced by a symbolic link. It now checks
/// the whole manifest first and removes nothing when one line names anything but a path under the
/// prefix, resolved, of the kinds the installer records.
@Suite struct UninstallScriptTests {
    static let script: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }
        return path + "/scripts/uninstall"
    }()

    /// A prefix as `scripts/install` leaves it (two files, their directories, the manifest), and a
    /// file outside the prefix that must survive.
    struct Installation {
        let root: TemporaryDirectory
        let prefix: String
        let outside: String
        var manifest: String { prefix + "/share/hangul/install-manifest" }

        init() throws {
            root = try TemporaryDirectory()
            // Physical paths, as the installer records them (/tmp may itself be a link).
            let base = URL(fileURLWithPath: root.path).resolvingSymlinksInPath().path
            prefix = base + "/prefix"
            outside = try root.write("precious\n", to: "outside/precious.txt")
            try root.write("binary\n", to: "prefix/bin/hanguld")
            try root.write("unit\n", to: "prefix/share/systemd/user/hanguld.socket")
            try FileManager.default.createDirectory(
                atPath: prefix + "/share/hangul", withIntermediateDirectories: true)
        }

        /// The manifest the installer would write, with `extra` lines before its last line.
        func writeManifest(extra: [String] = []) throws {
            let lines =
                [
                    "directory \(prefix)/share", "directory \(prefix)/share/hangul", "directory \(prefix)/bin",
                    "file \(prefix)/bin/hanguld",
                    "directory \(prefix)/share/systemd", "directory \(prefix)/share/systemd/user",
                    "file \(prefix)/share/systemd/user/hanguld.socket",
                ] + extra + ["manifest \(manifest)"]
            try (lines.joined(separator: "\n") + "\n").write(toFile: manifest, atomically: false, encoding: .utf8)
        }

        func uninstall() throws -> SpawnedProcess.Outcome {
            try SpawnedProcess("/bin/bash", [UninstallScriptTests.script, "--prefix", prefix]).wait()
        }

        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }
    }

    @Test func anHonestManifestRemovesEverythingItListed() throws {
        let installation = try Installation()
        defer { installation.root.remove() }
        try installation.writeManifest()
        let result = try installation.uninstall()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Removed 3 files installed under \(installation.prefix).\n")
        #expect(!installation.exists(installation.prefix + "/bin/hanguld"))
        #expect(!installation.exists(installation.prefix + "/share"))
        #expect(installation.exists(installation.prefix), "the prefix itself was not created by the installer")
    }

    /// Each line is one way out of the prefix the issue found or a neighbour of it.
    @Test(arguments: [
        ("file {outside}", "is not under the prefix"),
        ("file {prefix}/../outside/precious.txt", "has a '.' or '..' component"),
        ("file {prefix}/bin/./../../outside/precious.txt", "has a '.' or '..' component"),
        ("file {prefix}-other/x", "is not under the prefix"),
        ("file relative/path", "is not an absolute path"),
        ("directory /", "is not under the prefix"),
        ("manifest {prefix}/share/hangul/another-manifest", "is not this prefix's manifest"),
        (
            "remove {prefix}/bin/hanguld",
            "has an unknown kind 'remove'; the installer writes file, directory and manifest"
        ),
    ])
    func aManifestNamingAPathOutsideThePrefixIsRefusedWhole(line: String, reason: String) throws {
        let installation = try Installation()
        defer { installation.root.remove() }
        let resolved = line.replacingOccurrences(of: "{outside}", with: installation.outside)
            .replacingOccurrences(of: "{prefix}", with: installation.prefix)
        try installation.writeManifest(extra: [resolved])
        let result = try installation.uninstall()
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "scripts/uninstall: \(installation.manifest):8: '\(resolved.split(separator: " ", maxSplits: 1).last ?? "")' \(reason); "
                + "nothing was removed. This manifest was not written by scripts/install: check it, or remove the "
                + "files by hand\n")
        #expect(installation.exists(installation.outside), "the file outside the prefix was deleted")
        #expect(installation.exists(installation.prefix + "/bin/hanguld"), "a file was removed before the refusal")
        #expect(installation.exists(installation.manifest))
    }

    /// A directory of the prefix replaced by a link to another directory: the manifest's paths are
    /// under the prefix as written, but resolve outside it.
    @Test func aPathThroughASymbolicLinkIsRefused() throws {
        let installation = try Installation()
        defer { installation.root.remove() }
        let linked = installation.prefix + "/lib"
        #expect(symlink(installation.root.path + "/outside", linked) == 0)
        try installation.writeManifest(extra: ["file \(linked)/precious.txt"])
        let result = try installation.uninstall()
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "scripts/uninstall: \(installation.manifest):8: '\(linked)/precious.txt' leads through a symbolic "
                + "link (\(linked)); nothing was removed. This manifest was not written by scripts/install: check it, "
                + "or remove the files by hand\n")
        #expect(installation.exists(installation.outside))
        #expect(installation.exists(installation.prefix + "/bin/hanguld"))
    }
}
