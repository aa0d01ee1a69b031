import ArgumentParser
import Foundation
import HangulHanja
import HanjaDifferential

/// `hanja-differential`: our hanja lookups against libhangul's on the same files; exit 1 on any mismatch.
@main
struct HanjaDifferentialCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hanja-differential",
        abstract: "Look up the same keys in our hanja dictionary and in libhangul's and compare the candidates.",
        discussion: """
            For each dictionary file (default: libhangul-data's hanja.txt and mssymbol.txt), loads it on \
            both sides and compares exact, prefix and suffix matches (hanja_table_match_exact, _prefix, \
            _suffix) on every key of the file and on SAMPLE seeded non-keys: key, value and comment of \
            every candidate, in order. A missing file is a failure, not a skip. Exit status 0 only when \
            nothing differed.
            """
    )

    @Option(name: .customLong("file"), help: "A dictionary file to compare (repeatable); default: the system files.")
    var files: [String] = []

    @Option(help: "Seeded non-keys per file.")
    var sample = 100_000

    @Option(help: "Seed of the non-keys; the same seed draws the same keys.")
    var seed: UInt64 = 1

    func validate() throws {
        guard sample >= 0 else { throw ValidationError("--sample must be 0 or more, got \(sample)") }
    }

    func run() throws {
        let paths = files.isEmpty ? [HanjaFiles.systemDictionaryPath, HanjaFiles.systemSymbolsPath] : files
        var failures = 0
        var total = (keys: 0, lookups: 0, candidates: 0)
        for path in paths {
            let start = Date()
            var comparison: HanjaComparison
            let text: String
            do {
                comparison = try HanjaComparison(path: path)
                text = try String(contentsOfFile: path, encoding: .utf8)
            } catch {
                Self.say("hanja-differential: \(error)")
                failures += 1
                continue
            }
            if !comparison.table.problems.isEmpty {
                Self.say("hanja-differential: \(path): our parser skipped \(comparison.table.problems.count) lines:")
                for problem in comparison.table.problems.prefix(10) { Self.say("  \(problem)") }
            }
            let keys = HanjaComparison.keys(ofFile: text)
            var sampler = NonKeySampler(keys: keys, seed: seed)
            let nonKeys = (0..<sample).map { _ in sampler.next() }
            var mismatches = 0
            var candidates = 0
            for key in keys + nonKeys {
                let result = comparison.compare(key)
                candidates += result.candidates
                for mismatch in result.mismatches {
                    mismatches += 1
                    if mismatches <= 10 { Self.say("\(mismatch)") }
                }
            }
            let lookups = (keys.count + nonKeys.count) * HanjaMatchKind.allCases.count
            Self.say(
                "\(path): \(keys.count) keys + \(nonKeys.count) non-keys, \(lookups) lookups (exact, prefix, suffix), "
                    + "\(candidates) candidates compared, \(mismatches) mismatched "
                    + "(\(String(format: "%.1f", Date().timeIntervalSince(start))) s)")
            failures += mismatches
            total.keys += keys.count + nonKeys.count
            total.lookups += lookups
            total.candidates += candidates
        }
        Self.say(
            "hanja-differential: \(total.lookups) lookups of \(total.keys) keys, \(total.candidates) candidates, "
                + "\(failures) failed")
        if failures > 0 { throw ExitCode(1) }
    }

    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
