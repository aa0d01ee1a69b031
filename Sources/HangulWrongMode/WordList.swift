import HangulSystem
import SystemPackage

/// English words, one per line, from a system word list such as Debian's `wamerican`: what
/// `--fix` asks whether a run of letters is a word.
///
/// Words are compared ignoring ASCII case (the list has `Seoul`, a typist may write `seoul`).
/// Entries with anything but ASCII letters (`O'Brien`, `résumé`) are left out, since `--fix` only
/// ever asks about runs of letters, except contractions, which give the word before their
/// apostrophe (`doesn't` gives `doesn`). Left out too are entries a typist does not mean as words
/// and that would keep Korean from being fixed: acronyms written in capitals (`BB`, `DHS`) and abbreviations
/// without a vowel (`rm`, `cm`, `Tl`), which are what ㅠㅠ, 온, 그 and 시 are spelled as.
///
/// The words are kept in one block of bytes with an open-addressing table of their offsets (2.3 MB
/// for Debian's list, where a set of arrays took 5.1 MB, an object per word), laid out as one
/// ``WordListImage``. Read with a cache (``init(contentsOf:cache:)``, as the daemon and
/// `hangul-compose` do), that image is written once to `$XDG_CACHE_HOME/hangul/words` and then
/// mapped: shared, clean page cache of which a process keeps resident only the few pages its
/// lookups read, instead of 2.3 MB of private heap for as long as the daemon runs (issue 25).
/// Reading the list at start is what lets the first fix key not wait for it (a read on that key
/// ran past the frontends' deadline on a loaded machine).
public struct WordList: Sendable {
    /// Debian's `wamerican` list.
    public static let defaultPath = "/usr/share/dict/american-english"

    /// The cache of word list images: `$XDG_CACHE_HOME/hangul/words`, else
    /// `~/.cache/hangul/words`; nil when neither is an absolute path.
    public static func cache(environment: (String) -> String?) -> IndexCacheDirectory? {
        IndexCacheDirectory.path(named: "words", environment: environment).map(IndexCacheDirectory.init)
    }

    /// The list's arrays, over memory its owner keeps alive.
    final class Storage: @unchecked Sendable {
        /// The words, lowercased, one after another; word `i` is `bytes[starts[i]..<starts[i + 1]]`.
        let bytes: UnsafeBufferPointer<UInt8>
        let starts: UnsafeBufferPointer<UInt32>
        /// Open addressing on a hash of the word: 0 for an empty slot, else a word's index plus one.
        /// A power of two, at most half full.
        let slots: UnsafeBufferPointer<UInt32>
        let count: Int
        /// A ``HeapImage`` or a ``MappedFile``.
        let owner: AnyObject
        let isMapped: Bool

        init(_ image: WordListImage.Validated, owner: AnyObject, isMapped: Bool) {
            bytes = image.bytes
            starts = image.starts
            slots = image.slots
            count = image.count
            self.owner = owner
            self.isMapped = isMapped
        }
    }

    private let storage: Storage

    /// How many distinct words the list holds.
    public var count: Int { storage.count }

    /// Whether the list is read from a mapped cache file rather than held on the heap.
    public var isMapped: Bool { storage.isMapped }

    /// Whether `other` is this very list (the same storage, not merely the same words): a list is
    /// never changed once read, and a value holding it keeps its storage from being reused.
    func isSameList(as other: WordList) -> Bool { storage === other.storage }

    /// A list of the given words.
    public init(_ words: some Sequence<String>) {
        var builder = Builder()
        for word in words { builder.add(Array(word.utf8)[...]) }
        (storage, _) = builder.finish(identity: .none)
    }

    /// The largest word list read: Debian's `american-english` is about 1 MB, its largest
    /// (`wamerican-insane`) 6.5 MB.
    public static let maximumFileSize = 64 * 1024 * 1024

    /// Reads a word list file (one word per line), with no cache: the list is held on the heap.
    public init(contentsOf path: String) throws(WordListError) {
        try self.init(contentsOf: path, cache: nil)
    }

    /// Reads a word list file (one word per line), through `cache` when given: the list's image is
    /// mapped from the cache when one built from this very file (path, size, modification time,
    /// device, inode) is there and intact, else built from the file, written there and mapped. A
    /// cache that cannot be written (a read-only home) leaves the list on the heap, as without one.
    ///
    /// Only a regular file of at most ``maximumFileSize`` bytes is read: the path is opened without
    /// blocking and checked before a byte is read, so a FIFO is refused at once rather than waiting
    /// for a writer, and a device such as `/dev/zero` is refused rather than read until memory runs
    /// out (issue 23, fault 8).
    public init(contentsOf path: String, cache: IndexCacheDirectory?) throws(WordListError) {
        let read: Read
        do {
            let descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking])
            read = try descriptor.closeAfter { () throws -> Read in
                let status = try descriptor.status()
                if let kind = status.irregularKind {
                    throw WordListError(path: path, reason: "it is \(kind), not a regular file")
                }
                guard status.size <= Self.maximumFileSize else { throw Self.tooLarge(path) }
                let identity = FileIdentity(path: path, status: try descriptor.stat())
                if let cache, let mapped = Self.mapped(cache.indexPath(for: path), identity: identity) {
                    return .cached(mapped)
                }
                return .file(try descriptor.readAll(upTo: Self.maximumFileSize), identity)
            }
        } catch let error as WordListError {
            throw error
        } catch let error as SystemCallError where error.errno == .fileTooLarge {
            throw Self.tooLarge(path)
        } catch let error as SystemCallError {
            throw WordListError(path: path, reason: error.errno.description)
        } catch let error as Errno {
            throw WordListError(path: path, reason: error.description)
        } catch {
            throw WordListError(path: path, reason: "\(error)")
        }
        switch read {
        case .cached(let mapped):
            storage = mapped
        case .file(let bytes, let identity):
            var builder = Builder()
            builder.reserve(bytes.count)
            var start = 0
            for index in bytes.indices where bytes[index] == 0x0A {
                builder.add(bytes[start..<index])
                start = index + 1
            }
            if start < bytes.count { builder.add(bytes[start...]) }
            let (built, image) = builder.finish(identity: identity)
            guard built.count > 0 else { throw WordListError(path: path, reason: "it holds no words") }
            storage = cache.flatMap { Self.stored(image, in: $0, identity: identity) } ?? built
        }
    }

    /// What opening a word list found: its image in the cache, or the file's bytes to read.
    private enum Read {
        case cached(Storage)
        case file([UInt8], FileIdentity)
    }

    /// The list whose image is the file at `indexPath`, built from `identity`'s file; nil when the
    /// file is missing or is not such an image, whole and intact, or holds no words (never written:
    /// the file is then read, and refused with the reason).
    static func mapped(_ indexPath: String, identity: FileIdentity) -> Storage? {
        guard let file = try? MappedFile(path: indexPath),
            let validated = WordListImage.validated(file.bytes, expecting: identity), validated.count > 0
        else { return nil }
        // The check read every page; lookups read a few. Letting the checked pages go keeps the
        // process's resident set to what lookups touch (the pages stay in the page cache).
        file.releaseResidentPages()
        return Storage(validated, owner: file, isMapped: true)
    }

    /// `image` written to `cache` as the index of `identity`'s file and mapped back; nil when it
    /// cannot be written (the list then stays on the heap).
    private static func stored(_ image: HeapImage, in cache: IndexCacheDirectory, identity: FileIdentity) -> Storage? {
        do throws(SystemCallError) {
            try cache.store(
                UnsafeRawBufferPointer(image.memory), for: identity.path, sourcePath: WordListImage.sourcePath)
        } catch {
            return nil
        }
        return mapped(cache.indexPath(for: identity.path), identity: identity)
    }

    private static func tooLarge(_ path: String) -> WordListError {
        WordListError(
            path: path,
            reason: "it is larger than \(maximumFileSize / 1024 / 1024) MiB, the most a word list may be (Debian's is "
                + "about 1 MB)")
    }

    /// The arrays of a list being read, before they are laid out as an image.
    private struct Builder {
        var bytes: [UInt8] = []
        var starts: [UInt32] = [0]

        mutating func reserve(_ byteCount: Int) {
            bytes.reserveCapacity(byteCount)
            starts.reserveCapacity(byteCount / 8)
        }

        mutating func add(_ word: ArraySlice<UInt8>) {
            var lowered = Array(word)
            if lowered.last == 0x0D { lowered.removeLast() }
            // A clitic is one or two letters, so only the last three bytes are looked at (a line of a
            // huge list is not scanned twice).
            if let apostrophe = lowered.suffix(3).lastIndex(of: 0x27),
                WordList.clitics.contains(lowered[(apostrophe + 1)...].map { $0 | 0x20 })
            {
                lowered.removeSubrange(apostrophe...)
            }
            guard !lowered.isEmpty else { return }
            var capitals = 0
            for index in lowered.indices {
                guard WordList.isLetter(lowered[index]) else { return }
                if lowered[index] < 0x60 { capitals += 1 }
                lowered[index] |= 0x20
            }
            guard capitals < 2 || capitals < lowered.count, lowered.contains(where: WordList.vowels.contains) else {
                return
            }
            bytes += lowered
            starts.append(UInt32(bytes.count))
        }

        /// The table over the words added, dropping repeats (`Seoul` and `seoul` are one word), laid
        /// out as an image on the heap: the list, and the image to cache.
        func finish(identity: FileIdentity) -> (Storage, HeapImage) {
            let added = starts.count - 1
            var capacity = 16
            while capacity < 2 * added { capacity *= 2 }
            var slots = [UInt32](repeating: 0, count: capacity)
            var count = 0
            bytes.withUnsafeBufferPointer { bytes in
                starts.withUnsafeBufferPointer { starts in
                    slots.withUnsafeMutableBufferPointer { table in
                        for word in 0..<added {
                            let words = bytes[Int(starts[word])..<Int(starts[word + 1])]
                            let probe = WordList.find(
                                words, bytes: bytes, starts: starts, slots: UnsafeBufferPointer(table))
                            if case .empty(let slot) = probe {
                                table[slot] = UInt32(word + 1)
                                count += 1
                            }
                        }
                    }
                }
            }
            let image = WordListImage.build(
                bytes: bytes, starts: starts, slots: slots, count: count, identity: identity)
            let validated = WordListImage.validated(
                UnsafeRawBufferPointer(image.memory), expecting: nil, checkingRecords: false)!
            return (Storage(validated, owner: image, isMapped: false), image)
        }
    }

    private enum Probe { case found, empty(Int) }

    /// Where `word` (lowercased) is in the table, or the empty slot it would go in. The table always
    /// has an empty slot (at most half full; a cached image is checked for one), so the probe ends.
    private static func find(
        _ word: some Collection<UInt8>, bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<UInt32>,
        slots: UnsafeBufferPointer<UInt32>
    ) -> Probe {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in word { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash ^ (hash >> 29)) & mask
        while true {
            let entry = Int(slots[slot])
            if entry == 0 { return .empty(slot) }
            let start = Int(starts[entry - 1])
            let end = Int(starts[entry])
            if end - start == word.count, bytes[start..<end].elementsEqual(word) { return .found }
            slot = (slot + 1) & mask
        }
    }

    /// The endings a contraction's apostrophe comes before (`doesn't`, `I'll`, `could've`, `Seoul's`):
    /// such an entry gives the word before its apostrophe, since a run of letters ends at the
    /// apostrophe, and `doesn` or `didn` judged alone must be known as words (else they type 앧누
    /// and 야우).
    static let clitics = Set(["t", "s", "d", "ll", "m", "ve", "re"].map { Array($0.utf8) })

    /// The letters every English word has at least one of.
    static let vowels: Set<UInt8> = Set("aeiouy".utf8)

    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    /// Whether a run of ASCII letters is a word, ignoring case.
    public func contains(_ word: some Collection<UInt8>) -> Bool {
        let probe = Self.find(
            word.lazy.map { $0 | 0x20 }, bytes: storage.bytes, starts: storage.starts, slots: storage.slots)
        if case .found = probe { return true }
        return false
    }
}
