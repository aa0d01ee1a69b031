import Foundation
import HangulHanja
import HanjaDifferential
import Testing

@Suite struct HanjaComparisonTests {
    /// A dictionary file in a fresh temporary directory, removed by the caller.
    static func file(_ text: String) throws -> (directory: URL, path: String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hanja-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("hanja.txt").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return (directory, path)
    }

    @Test func aSortedFileGivesLibhangulsListsForEveryKindOfMatch() throws {
        let (directory, path) = try Self.file(
            "# comment\n가:家:집 가\n가:價:\n가나:可那:\n대:大:\n대한:大韓:\n대한민국:大韓民國:대한민국\n한:韓:나라 한\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        var comparison = try HanjaComparison(path: path)
        let keys = HanjaComparison.keys(ofFile: try String(contentsOfFile: path, encoding: .utf8))
        #expect(keys == ["가", "가나", "대", "대한", "대한민국", "한"])
        var compared = 0
        for key in keys + ["가나다", "대한민", "나대한", "우리 대한민국", "없음", "ㅁ"] {
            let result = comparison.compare(key)
            #expect(result.mismatches.isEmpty, "\(result.mismatches)")
            compared += result.candidates
        }
        #expect(compared == 35, "libhangul's lists, counted by hand: 27 for the keys, 8 for the others")
    }

    /// The deliberate difference the README states: libhangul's binary search over an unsorted file's
    /// index misses entries; ours sorts the file at load.
    @Test func anUnsortedFileIsWhereLibhangulMissesEntries() throws {
        let (directory, path) = try Self.file("하:下:\n가:家:\n하:夏:\n")
        defer { try? FileManager.default.removeItem(at: directory) }
        let theirs = try #require(LibhangulHanjaTable(path: path))
        #expect(theirs.match("하", .exact).map(\.description) == ["하:夏:"])
        let ours = HanjaDictionary(tables: [try HanjaFiles.readTable(path)])
        #expect(ours.candidates(for: "하", .exact).map(\.description) == ["하:下:", "하:夏:"])
    }
}
