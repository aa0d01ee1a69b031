import Foundation
import HangulCoreTesting
import Testing

@testable import HangulCore

/// The built-in layouts are the files in `layouts/`, compiled in as tables (not text, so start-up
/// parses nothing) in `Sources/HangulCore/BuiltInLayouts.swift` by `scripts/embed-layouts`. These
/// tests parse the files from the source tree and write that source again with the script's own
/// ``BuiltInLayoutSource``: one that was not regenerated after an edit fails the suite, as
/// `scripts/embed-layouts --check` would.
@Suite struct BuiltInLayoutFileTests {
    /// `layouts/` in the repository this test file sits in.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let directory = root.appendingPathComponent("layouts")
    static let generated = root.appendingPathComponent("Sources/HangulCore/BuiltInLayouts.swift")

    static func filesOnDisk() throws -> [String: String] {
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".layout") }
        var files: [String: String] = [:]
        for name in names {
            files[name] = try String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)
        }
        return files
    }

    /// The files in listing order, parsed.
    static func parsedFiles() throws -> [(name: String, layout: Layout)] {
        try BuiltInLayoutSource.ordered(filesOnDisk()).map { name, text in
            (name, try LayoutFile.parse(text, source: name))
        }
    }

    @Test func theCompiledTablesAreTheLayoutFilesParsed() throws {
        let onDisk = try Self.filesOnDisk()
        #expect(onDisk.count == 11)
        let source = BuiltInLayoutSource.render(try Self.parsedFiles())
        let compiled = try String(contentsOf: Self.generated, encoding: .utf8)
        let (expected, found) = (
            source.split(separator: "\n", omittingEmptySubsequences: false),
            compiled.split(separator: "\n", omittingEmptySubsequences: false)
        )
        // The first line that differs, rather than two whole files, in the failure.
        let differing = (0..<max(expected.count, found.count)).first { index in
            index >= expected.count || index >= found.count || expected[index] != found[index]
        }
        #expect(
            differing == nil,
            "BuiltInLayouts.swift differs from layouts/*.layout at line \((differing ?? 0) + 1): run scripts/embed-layouts"
        )
    }

    /// The tables decode to the layouts the files parse to: every key action, combination, name and
    /// name line, written out the same way.
    @Test func theCompiledLayoutsAreTheParsedLayouts() throws {
        let parsed = try Self.parsedFiles()
        let compiled = LayoutCatalog.builtIn.entries.map(\.layout)
        #expect(compiled.count == parsed.count)
        for (file, layout) in zip(parsed, compiled) {
            #expect(
                BuiltInLayoutSource.render(layout, file: file.name)
                    == BuiltInLayoutSource.render(file.layout, file: file.name), "\(file.name)")
        }
    }

    @Test func aPackedKeyActionReadsBackAsItself() {
        let actions: [KeyAction] = [
            .none, .jamo(Jamo(rawValue: 0x1100)), .jamo(Jamo(rawValue: 0xD7FB)), .symbol("·"), .symbol("\u{10FFFF}"),
            .dual(Jamo(rawValue: 0x1100), Jamo(rawValue: 0x1161)),
            .dual(Jamo(rawValue: 0x1169), Jamo(rawValue: 0x11BD)),
        ]
        for action in actions { #expect(KeyAction(packed: action.packed) == action) }
        #expect(KeyAction(packed: 9 << 56) == .none)
    }

    @Test func everyBuiltInFileParsesUnderItsOwnName() throws {
        var ids: [String] = []
        for file in try Self.parsedFiles() {
            ids.append(file.layout.id)
            #expect(file.layout.aliases.contains(String(file.name.dropLast(".layout".count))))
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
}
