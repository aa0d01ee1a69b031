import Foundation
import HangulCore
import HangulSystem
import HangulTestSupport
import Testing

@testable import HangulHanja

@Suite struct HanjaIndexCacheTests {
    static let systemDictionaryPresent = FileManager.default.fileExists(atPath: HanjaFiles.systemDictionaryPath)

    /// Every candidate of every distinct key, exact match, with its three fields: how two tables
    /// of one file are compared whole.
    static func everyCandidate(of table: HanjaTable) -> [[UInt8]] {
        let dictionary = HanjaDictionary(tables: [table])
        var candidates = HanjaCandidates()
        var listed: [[UInt8]] = []
        for index in 0..<table.keyCount {
            dictionary.lookup(table.key(at: index), .exact, into: &candidates)
            for position in candidates.indices {
                var line: [UInt8] = []
                for field in [HanjaCandidates.Field.key, .value, .comment] {
                    candidates.withUTF8(field, at: position) { line += $0 }
                    line.append(0x3A)
                }
                listed.append(line)
            }
        }
        return listed
    }

    @Test func theCacheIsUnderXDGCacheHomeElseHome() {
        let both = ["XDG_CACHE_HOME": "/c", "HOME": "/h"]
        #expect(HanjaIndexCache.directory(environment: { both[$0] }) == "/c/hangul/hanja")
        let home = ["HOME": "/h"]
        #expect(HanjaIndexCache.directory(environment: { home[$0] }) == "/h/.cache/hangul/hanja")
        let relative = ["XDG_CACHE_HOME": "c", "HOME": "h"]
        #expect(HanjaIndexCache.directory(environment: { relative[$0] }) == nil, "relative paths are ignored")
    }

    @Test func theFirstLoadWritesTheIndexAndTheSecondMapsIt() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write("한:韓:나라 한\n한:漢:한수 한\n대한:大韓:\nㅁ:※\n", to: "hanja.txt")
        let cache = HanjaIndexCache(directory: temporary.child("cache/hangul/hanja"))
        let first = try cache.table(source)
        #expect(first.isMapped, "the freshly written index is mapped, not kept on the heap")
        let index = cache.indexPath(for: source)
        let written = try #require(try? FileManager.default.attributesOfItem(atPath: index))
        let second = try cache.table(source)
        #expect(second.isMapped)
        let again = try #require(try? FileManager.default.attributesOfItem(atPath: index))
        #expect(
            (written[.systemFileNumber] as? Int) == (again[.systemFileNumber] as? Int)
                && (written[.modificationDate] as? Date) == (again[.modificationDate] as? Date),
            "an intact index is reused, not rewritten")
        #expect(second.source == source)
        let dictionary = HanjaDictionary(tables: [second])
        #expect(dictionary.candidates(for: "한", .exact).map(\.description) == ["한:韓:나라 한", "한:漢:한수 한"])
        #expect(dictionary.candidates(for: "대한", .suffix).map(\.value) == ["大韓", "韓", "漢"])
        #expect(dictionary.candidates(for: "ㅁ", .exact).map(\.description) == ["ㅁ:※:"])
        #expect(Self.everyCandidate(of: second) == Self.everyCandidate(of: try HanjaFiles.readTable(source)))
    }

    @Test func writingAnIndexRemovesTheIndexesOfDictionariesThatAreGone() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let cache = HanjaIndexCache(directory: temporary.child("cache"))
        let kept = try temporary.write("한:韓:\n", to: "kept.txt")
        let deleted = try temporary.write("한:漢:\n", to: "deleted.txt")
        _ = try cache.table(kept)
        _ = try cache.table(deleted)
        let stranger = try temporary.write("not an index", to: "cache/index-0000000000000000")
        let other = try temporary.write("keep me", to: "cache/notes.txt")
        try FileManager.default.removeItem(atPath: deleted)
        #expect(FileManager.default.fileExists(atPath: cache.indexPath(for: deleted)))
        let third = try temporary.write("대:大:\n", to: "third.txt")
        _ = try cache.table(third)
        #expect(
            !FileManager.default.fileExists(atPath: cache.indexPath(for: deleted)), "the gone file's index is removed")
        for path in [cache.indexPath(for: kept), cache.indexPath(for: third), stranger, other] {
            #expect(FileManager.default.fileExists(atPath: path), "\(path) is kept")
        }
        #expect(HanjaIndexCache.sourcePath(ofIndexAt: cache.indexPath(for: kept)) == kept)
        #expect(HanjaIndexCache.sourcePath(ofIndexAt: stranger) == nil)
    }

    @Test func anUnsortedFileWithCarriageReturnsMapsAsItParses() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let text = "\u{FEFF}하:夏:여름 하\r\n# comment\r\n가:家:집 가\r\n하:河:물 하\r\n가나다라마바사아자:假:긴 열쇠\r\n가:可\r\n"
        let source = try temporary.write(text, to: "user.txt")
        let cache = HanjaIndexCache(directory: temporary.child("cache"))
        _ = try cache.table(source)
        let mapped = try cache.table(source)
        #expect(mapped.isMapped)
        let parsed = try HanjaFiles.readTable(source)
        #expect(!parsed.isMapped)
        #expect(mapped.entryCount == parsed.entryCount && mapped.keyCount == parsed.keyCount)
        #expect(Self.everyCandidate(of: mapped) == Self.everyCandidate(of: parsed))
        let dictionary = HanjaDictionary(tables: [mapped])
        #expect(dictionary.candidates(for: "가", .exact).map(\.value) == ["家", "可"])
        #expect(dictionary.candidates(for: "가나다라마바사아자", .exact).map(\.comment) == ["긴 열쇠"])
    }

    @Test func aChangedDictionaryIsRebuilt() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write("한:韓:\n", to: "hanja.txt")
        let cache = HanjaIndexCache(directory: temporary.child("cache"))
        _ = try cache.table(source)
        // Same size, later modification time: the identity differs, so the old index is not used.
        try "한:漢:\n".write(toFile: source, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: source)
        let changed = try cache.table(source)
        #expect(changed.isMapped)
        #expect(HanjaDictionary(tables: [changed]).candidates(for: "한", .exact).map(\.value) == ["漢"])
    }

    /// Damage of every kind a cache file can meet: each is refused and rebuilt, never read.
    @Test(arguments: IndexImageDamage.allCases)
    func aDamagedIndexIsRebuiltNotTrusted(_ damage: IndexImageDamage) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write("한:韓:나라 한\n한:漢:\n대한:大韓:\n", to: "hanja.txt")
        let cache = HanjaIndexCache(directory: temporary.child("cache"))
        _ = try cache.table(source)
        let index = cache.indexPath(for: source)
        try damage.apply(toFileAt: index)
        let identity = try HanjaFiles.SourceFile(opening: source)
        defer { identity.close() }
        #expect(HanjaIndexCache.mapped(index, identity: identity.identity) == nil, "the damaged file is refused")
        let rebuilt = try cache.table(source)
        #expect(rebuilt.isMapped)
        #expect(HanjaDictionary(tables: [rebuilt]).candidates(for: "한", .exact).map(\.value) == ["韓", "漢"])
        #expect(HanjaIndexCache.mapped(index, identity: identity.identity) != nil, "the rebuilt file is intact")
    }

    /// A file whose checksum matches but whose records point outside it (what a bug or a crafted
    /// file could hold) is refused by the structural checks.
    @Test func anIndexWithRecordsOutOfBoundsIsRefusedEvenWithAGoodChecksum() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write("한:韓:\n대한:大韓:\n", to: "hanja.txt")
        let opened = try HanjaFiles.SourceFile(opening: source)
        defer { opened.close() }
        let table = HanjaTable(parsing: try opened.readAll(), source: source, identity: opened.identity)
        let layout = HanjaIndexImage.Layout(
            pathLength: source.utf8.count, keyCount: table.keyCount, entryCount: table.entryCount,
            byteCount: table.storage.bytes.count)
        for (field, offset) in [("key start", 0), ("value length", 6)] {
            let image = UnsafeMutableRawBufferPointer.allocate(byteCount: table.storage.image.count, alignment: 16)
            defer { image.deallocate() }
            image.copyMemory(from: table.storage.image)
            #expect(HanjaIndexImage.validated(UnsafeRawBufferPointer(image), expecting: opened.identity) != nil)
            image.storeBytes(of: 0xFFFF, toByteOffset: layout.entries + offset, as: UInt16.self)
            image.storeBytes(
                of: IndexImageHeader.checksum(UnsafeRawBufferPointer(image)), toByteOffset: 24, as: UInt64.self)
            #expect(
                HanjaIndexImage.validated(UnsafeRawBufferPointer(image), expecting: opened.identity) == nil,
                "an entry whose \(field) points past the bytes is refused")
        }
    }

    @Test func anUnwritableCacheLeavesTheTableOnTheHeap() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write("한:韓:\n", to: "hanja.txt")
        // A file where the cache directory would be: the directory cannot be made.
        let blocked = try temporary.write("", to: "cache")
        let table = try HanjaIndexCache(directory: blocked + "/hanja").table(source)
        #expect(!table.isMapped)
        #expect(HanjaDictionary(tables: [table]).candidates(for: "한", .exact).map(\.value) == ["韓"])
    }

    @Test func aFileWithSkippedLinesIsNotCachedSoItsProblemsAreReportedEachTime() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write("한:韓:\nbroken\n", to: "hanja.txt")
        let cache = HanjaIndexCache(directory: temporary.child("cache"))
        for _ in 0..<2 {
            let loaded = HanjaFiles(user: nil, files: [source], system: nil, symbols: nil, cache: cache)
            #expect(loaded.problems.map(\.problem.line) == [2])
            #expect(loaded.dictionary.tables.first?.isMapped == false)
        }
        #expect(!FileManager.default.fileExists(atPath: cache.indexPath(for: source)))
    }

    @Test func theEntryRecordIsTwelveBytesAsTheFileLaysItOut() {
        #expect(MemoryLayout<HanjaTable.Entry>.stride == HanjaIndexImage.entryStride)
        #expect(MemoryLayout<HanjaTable.Entry>.offset(of: \.keyStart) == 0)
        #expect(MemoryLayout<HanjaTable.Entry>.offset(of: \.keyLength) == 4)
        #expect(MemoryLayout<HanjaTable.Entry>.offset(of: \.valueLength) == 6)
        #expect(MemoryLayout<HanjaTable.Entry>.offset(of: \.commentLength) == 8)
    }

    /// The whole system dictionary: the mapped index lists exactly what the parsed one does, for
    /// every key. Fails rather than skips under CI when libhangul-data is missing.
    @Test(.enabled(if: systemDictionaryPresent || ProcessInfo.processInfo.environment["CI"] != nil))
    func theMappedSystemDictionaryListsWhatTheParsedOneDoesForEveryKey() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let cache = HanjaIndexCache(directory: temporary.child("cache"))
        let path = HanjaFiles.systemDictionaryPath
        _ = try cache.table(path)
        let mapped = try cache.table(path)
        #expect(mapped.isMapped)
        let parsed = try HanjaFiles.readTable(path)
        #expect(mapped.entryCount == 303_502 && mapped.keyCount == 222_705)
        let mappedList = Self.everyCandidate(of: mapped)
        #expect(mappedList.count == mapped.entryCount, "every entry is listed under its key")
        #expect(mappedList == Self.everyCandidate(of: parsed))
        let both = (HanjaDictionary(tables: [mapped]), HanjaDictionary(tables: [parsed]))
        for word in ["대한민국", "한국어", "학교", "ㅁ", "가"] {
            for match in HanjaMatch.allCases {
                #expect(Array(both.0.candidates(for: word, match)) == Array(both.1.candidates(for: word, match)))
            }
        }
    }
}
