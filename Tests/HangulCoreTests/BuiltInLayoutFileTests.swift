import Foundation
import HangulCoreTesting
import Testing

@testable import HangulCore

/// The built-in layouts are the files in `layouts/`, compiled in as text by `scripts/embed-layouts`.
/// These tests read the files from the source tree, so a generated source that was not regenerated
/// after an edit fails the suite, as `scripts/embed-layouts --check` would.
@Suite struct BuiltInLayoutFileTests {
    /// `layouts/` in the repository this test file sits in.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("layouts")

    static func filesOnDisk() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".layout") }
        var files: [String: String] = [:]
        for name in names {
            files[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    @Test func theEmbeddedTextIsTheTextOfTheLayoutFiles() throws {
        let onDisk = try Self.filesOnDisk()
        #expect(onDisk.count == 11)
        #expect(Set(BuiltInLayoutFiles.files.map(\.name)) == Set(onDisk.keys), "run scripts/embed-layouts")
        for file in BuiltInLayoutFiles.files {
            // The script embeds each file without its final newline.
            var text = onDisk[file.name] ?? ""
            while text.hasSuffix("\n") { text.removeLast() }
            let embedded = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            let written = text.split(separator: "\n", omittingEmptySubsequences: false)
            // The first line that differs, rather than two whole files, in the failure.
            let differing = (0..<max(embedded.count, written.count)).first { index in
                index >= embedded.count || index >= written.count || embedded[index] != written[index]
            }.map { "line \($0 + 1)" }
            #expect(differing == nil, "\(file.name) differs from its embedded copy: run scripts/embed-layouts")
        }
    }

    @Test func everyBuiltInFileParsesUnderItsOwnName() throws {
        var ids: [String] = []
        for file in BuiltInLayoutFiles.files {
            let layout = try LayoutFile.parse(file.text, source: file.name)
            ids.append(layout.id)
            #expect(layout.aliases.contains(String(file.name.dropLast(".layout".count))))
        }
        #expect(ids == ["2", "2y", "32", "39", "3f", "3s", "3y", "3sin-p2", "3sin-1995", "ro", "ahn"])
    }

    /// The kinds and old-Hangul flags the composer's rules depend on.
    @Test func everyBuiltInLayoutHasTheKindItsKeyboardNeeds() {
        let kinds = Layout.builtIn.map { "\($0.id):\($0.kind.rawValue)\($0.typesOldHangul ? "+old" : "")" }
        #expect(
            kinds == [
                "2:jamo", "2y:jamo+old", "32:jaso", "39:jaso", "3f:jaso", "3s:jaso", "3y:jaso+old", "3sin-p2:jaso",
                "3sin-1995:jaso", "ro:romaja", "ahn:jaso",
            ])
    }

    @Test func everyBuiltInLayoutHasEnglishAndKoreanNames() {
        #expect(
            Layout.builtIn.map { "\($0.name) \($0.koreanName)" } == [
                "Dubeolsik 두벌식", "Dubeolsik Yetgeul 두벌식 옛글", "Sebeolsik Dubeol Layout 세벌식 두벌자판",
                "Sebeolsik 390 세벌식 390", "Sebeolsik Final 세벌식 최종", "Sebeolsik Noshift 세벌식 순아래",
                "Sebeolsik Yetgeul 세벌식 옛글", "Sin-sebeolsik P2 신세벌식 P2", "Sin-sebeolsik 1995 신세벌식 1995",
                "Romaja 로마자", "Ahnmatae 안마태",
            ])
    }

    /// Parsing is what start-up pays for the built-ins: all eleven, the largest about 20 KiB, must stay
    /// far below anything a user would notice. The bound is loose so a slow debug build passes.
    @Test func parsingAllBuiltInFilesTakesLittleTime() throws {
        let clock = ContinuousClock()
        let elapsed = try clock.measure {
            for file in BuiltInLayoutFiles.files { _ = try LayoutFile.parse(file.text, source: file.name) }
        }
        #expect(elapsed < .milliseconds(500))
    }
}
