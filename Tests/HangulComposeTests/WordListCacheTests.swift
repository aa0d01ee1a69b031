import Foundation
import HangulSystem
import HangulTestSupport
import Testing

@testable import HangulWrongMode

/// Issue 25: the word list's table is built once into a cache file and mapped afterwards, so a
/// daemon holds a few shared pages of it instead of 2.3 MB of private heap. A cached list must answer
/// exactly as the list read from its file, and a cache file that is stale, damaged or crafted must
/// be rebuilt, never trusted.
@Suite struct WordListCacheTests {
    static let words = "Seoul\nhello\nworld\ndoesn't\nBB\nrm\nkorea\nHello\n"

    /// Every answer that tells two lists apart here: each word, its case changed, and non-words.
    static func answers(_ list: WordList) -> [Bool] {
        ["seoul", "SEOUL", "hello", "world", "doesn", "bb", "rm", "korea", "kor", "", "worlds", "doesnt"].map {
            list.contains(Array($0.utf8))
        }
    }

    static let expectedAnswers = [true, true, true, true, true, false, false, true, false, false, false, false]

    @Test func theFirstReadWritesTheImageAndTheSecondMapsIt() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write(Self.words, to: "words")
        let cache = IndexCacheDirectory(path: temporary.child("cache/hangul/words"))
        let first = try WordList(contentsOf: source, cache: cache)
        #expect(first.isMapped, "the freshly written image is mapped, not kept on the heap")
        let index = cache.indexPath(for: source)
        let written = try FileManager.default.attributesOfItem(atPath: index)
        let second = try WordList(contentsOf: source, cache: cache)
        #expect(second.isMapped)
        let again = try FileManager.default.attributesOfItem(atPath: index)
        #expect(
            (written[.systemFileNumber] as? Int) == (again[.systemFileNumber] as? Int)
                && (written[.modificationDate] as? Date) == (again[.modificationDate] as? Date),
            "an intact image is reused, not rewritten")
        let uncached = try WordList(contentsOf: source)
        #expect(!uncached.isMapped)
        #expect(Self.answers(uncached) == Self.expectedAnswers)
        #expect(Self.answers(first) == Self.expectedAnswers)
        #expect(Self.answers(second) == Self.expectedAnswers)
        #expect(second.count == uncached.count)
        #expect((try FileManager.default.attributesOfItem(atPath: cache.path)[.posixPermissions] as? Int) == 0o700)
    }

    /// Debian's list, the one the daemon reads: every line of it, and every line with a letter
    /// added, answers the same mapped as parsed.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: WordList.defaultPath) || Self.inCI))
    func theSystemListMappedAnswersAsTheListParsed() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let cache = IndexCacheDirectory(path: temporary.child("cache"))
        let parsed = try WordList(contentsOf: WordList.defaultPath)
        _ = try WordList(contentsOf: WordList.defaultPath, cache: cache)
        let mapped = try WordList(contentsOf: WordList.defaultPath, cache: cache)
        #expect(mapped.isMapped)
        #expect(mapped.count == parsed.count && parsed.count > 50_000)
        let lines = try String(contentsOfFile: WordList.defaultPath, encoding: .utf8).split(separator: "\n")
        var differing: [String] = []
        for line in lines {
            for probe in [Array(line.utf8), Array(line.utf8) + [0x73]]
            where mapped.contains(probe) != parsed.contains(probe) {
                differing.append(String(decoding: probe, as: UTF8.self))
            }
        }
        #expect(differing.isEmpty)
    }

    static let inCI = ProcessInfo.processInfo.environment["CI"] != nil

    @Test func aChangedListIsReadAgainNotTakenFromTheCache() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write(Self.words, to: "words")
        let cache = IndexCacheDirectory(path: temporary.child("cache"))
        #expect(try WordList(contentsOf: source, cache: cache).contains(Array("korea".utf8)))
        _ = try temporary.write("hangul\n", to: "words")
        let changed = try WordList(contentsOf: source, cache: cache)
        #expect(changed.isMapped)
        #expect(!changed.contains(Array("korea".utf8)), "the old list's image was used")
        #expect(changed.contains(Array("hangul".utf8)))
    }

    @Test(arguments: IndexImageDamage.allCases)
    func aDamagedImageIsRebuiltNotTrusted(_ damage: IndexImageDamage) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write(Self.words, to: "words")
        let cache = IndexCacheDirectory(path: temporary.child("cache"))
        _ = try WordList(contentsOf: source, cache: cache)
        let index = cache.indexPath(for: source)
        try damage.apply(toFileAt: index)
        let identity = try Self.identity(of: source)
        #expect(WordList.mapped(index, identity: identity) == nil, "the damaged file is refused")
        let rebuilt = try WordList(contentsOf: source, cache: cache)
        #expect(rebuilt.isMapped)
        #expect(Self.answers(rebuilt) == Self.expectedAnswers)
        #expect(WordList.mapped(index, identity: identity) != nil, "the rebuilt file is intact")
    }

    /// An image whose checksum matches but whose records would send a lookup out of bounds or round
    /// the table for ever (what a bug or a crafted file could hold) is refused by the record checks.
    @Test(arguments: ["start past the bytes", "starts falling", "slot past the words", "table full"])
    func anImageWithBadRecordsIsRefusedEvenWithAGoodChecksum(_ fault: String) throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write(Self.words, to: "words")
        let cache = IndexCacheDirectory(path: temporary.child("cache"))
        _ = try WordList(contentsOf: source, cache: cache)
        let identity = try Self.identity(of: source)
        let file = try Data(contentsOf: URL(fileURLWithPath: cache.indexPath(for: source)))
        let image = UnsafeMutableRawBufferPointer.allocate(byteCount: file.count, alignment: 64)
        defer { image.deallocate() }
        image.copyBytes(from: file)
        #expect(WordListImage.validated(UnsafeRawBufferPointer(image), expecting: identity) != nil)
        func word(_ index: Int) -> Int { Int(image.load(fromByteOffset: 8 * index, as: UInt64.self)) }
        let layout = WordListImage.Layout(
            pathLength: word(9), byteCount: word(10), startCount: word(11), slotCount: word(12))
        switch fault {
        case "start past the bytes":
            image.storeBytes(of: UInt32(word(10) + 1), toByteOffset: layout.starts + 4, as: UInt32.self)
        case "starts falling":
            image.storeBytes(of: UInt32(0), toByteOffset: layout.starts + 8, as: UInt32.self)
        case "slot past the words":
            image.storeBytes(of: UInt32(word(11)), toByteOffset: layout.slots, as: UInt32.self)
        default:
            // Every slot names word 1 and the header says so: no empty slot would end a probe.
            for slot in 0..<word(12) {
                image.storeBytes(of: UInt32(1), toByteOffset: layout.slots + 4 * slot, as: UInt32.self)
            }
            image.storeBytes(of: UInt64(word(12)), toByteOffset: 8 * 13, as: UInt64.self)
        }
        image.storeBytes(
            of: IndexImageHeader.checksum(UnsafeRawBufferPointer(image)),
            toByteOffset: 24, as: UInt64.self)
        #expect(WordListImage.validated(UnsafeRawBufferPointer(image), expecting: identity) == nil)
    }

    /// An image that passes every check but holds no words is never one this code wrote (a list
    /// without words is refused with the reason): the file is read again and the image rebuilt.
    @Test func anImageWithNoWordsIsRebuiltFromTheList() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write(Self.words, to: "words")
        let cache = IndexCacheDirectory(path: temporary.child("cache"))
        let identity = try Self.identity(of: source)
        let empty = WordListImage.build(bytes: [], starts: [0], slots: [0, 0], count: 0, identity: identity)
        #expect(WordListImage.validated(UnsafeRawBufferPointer(empty.memory), expecting: identity) != nil)
        try FileManager.default.createDirectory(atPath: cache.path, withIntermediateDirectories: true)
        try Data(empty.memory).write(to: URL(fileURLWithPath: cache.indexPath(for: source)))
        #expect(WordList.mapped(cache.indexPath(for: source), identity: identity) == nil)
        let list = try WordList(contentsOf: source, cache: cache)
        #expect(list.isMapped)
        #expect(Self.answers(list) == Self.expectedAnswers)
    }

    @Test func anUnwritableCacheLeavesTheListOnTheHeap() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let source = try temporary.write(Self.words, to: "words")
        // A file where the cache directory would be: the directory cannot be made.
        let blocked = try temporary.write("", to: "cache")
        let list = try WordList(contentsOf: source, cache: IndexCacheDirectory(path: blocked + "/words"))
        #expect(!list.isMapped)
        #expect(Self.answers(list) == Self.expectedAnswers)
    }

    @Test func theImageOfAListThatIsGoneIsRemovedWhenAnotherIsWritten() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let gone = try temporary.write("hello\n", to: "gone")
        let kept = try temporary.write("world\n", to: "kept")
        let cache = IndexCacheDirectory(path: temporary.child("cache"))
        _ = try WordList(contentsOf: gone, cache: cache)
        _ = try WordList(contentsOf: kept, cache: cache)
        try FileManager.default.removeItem(atPath: gone)
        _ = try temporary.write("hangul\n", to: "third")
        _ = try WordList(contentsOf: temporary.child("third"), cache: cache)
        #expect(!FileManager.default.fileExists(atPath: cache.indexPath(for: gone)))
        #expect(FileManager.default.fileExists(atPath: cache.indexPath(for: kept)))
    }

    @Test func theCacheIsUnderXDGCacheHomeElseHome() {
        let both = ["XDG_CACHE_HOME": "/c", "HOME": "/h"]
        #expect(WordList.cache(environment: { both[$0] })?.path == "/c/hangul/words")
        let home = ["HOME": "/h"]
        #expect(WordList.cache(environment: { home[$0] })?.path == "/h/.cache/hangul/words")
        #expect(WordList.cache(environment: { _ in "relative" }) == nil)
    }

    static func identity(of path: String) throws -> FileIdentity {
        var status = stat()
        guard stat(path, &status) == 0 else { throw POSIXError(.ENOENT) }
        return FileIdentity(
            path: path, size: UInt64(status.st_size), modificationSeconds: Int64(status.st_mtim.tv_sec),
            modificationNanoseconds: Int64(status.st_mtim.tv_nsec), device: UInt64(status.st_dev),
            inode: UInt64(status.st_ino))
    }
}
