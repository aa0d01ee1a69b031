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
/// The words are kept in one block of bytes with an open-addressing table of their offsets: 2.3 MB
/// of resident memory for Debian's list, where a set of arrays took 5.1 MB (an object per word).
/// That is what lets the daemon read the list at start, so the first fix key does not wait for it
/// (a read on that key ran past the frontends' deadline on a loaded machine).
public struct WordList: Sendable {
    /// Debian's `wamerican` list.
    public static let defaultPath = "/usr/share/dict/american-english"

    /// The words, lowercased, one after another; word `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private var bytes: [UInt8] = []
    private var starts: [UInt32] = [0]
    /// Open addressing on a hash of the word: 0 for an empty slot, else a word's index plus one. A
    /// power of two, at most half full.
    private var slots: [UInt32] = []
    /// How many distinct words the list holds.
    public private(set) var count = 0

    /// Whether `other` is this very list (the same storage, not merely the same words): a list is
    /// never changed once read, and a value holding it keeps its storage from being reused.
    func isSameList(as other: WordList) -> Bool {
        count == other.count
            && bytes.withUnsafeBufferPointer { mine in
                other.bytes.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
            }
    }

    /// A list of the given words.
    public init(_ words: some Sequence<String>) {
        for word in words { add(Array(word.utf8)[...]) }
        index()
    }

    /// The largest word list read: Debian's `american-english` is about 1 MB, its largest
    /// (`wamerican-insane`) 6.5 MB.
    public static let maximumFileSize = 64 * 1024 * 1024

    /// Reads a word list file (one word per line).
    ///
    /// Only a regular file of at most ``maximumFileSize`` bytes is read: the path is opened without
    /// blocking and checked before a byte is read, so a FIFO is refused at once rather than waiting
    /// for a writer, and a device such as `/dev/zero` is refused rather than read until memory runs
    /// out (issue 23, fault 8).
    public init(contentsOf path: String) throws(WordListError) {
        let bytes: [UInt8]
        do {
            let descriptor = try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking])
            bytes = try descriptor.closeAfter {
                let status = try descriptor.status()
                if let kind = status.irregularKind {
                    throw WordListError(path: path, reason: "it is \(kind), not a regular file")
                }
                guard status.size <= Self.maximumFileSize else { throw Self.tooLarge(path) }
                return try descriptor.readAll(upTo: Self.maximumFileSize)
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
        self.bytes.reserveCapacity(bytes.count)
        starts.reserveCapacity(bytes.count / 8)
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            add(bytes[start..<index])
            start = index + 1
        }
        if start < bytes.count { add(bytes[start...]) }
        index()
        guard count > 0 else { throw WordListError(path: path, reason: "it holds no words") }
    }

    private static func tooLarge(_ path: String) -> WordListError {
        WordListError(
            path: path,
            reason: "it is larger than \(maximumFileSize / 1024 / 1024) MiB, the most a word list may be (Debian's is "
                + "about 1 MB)")
    }

    private mutating func add(_ word: ArraySlice<UInt8>) {
        var lowered = Array(word)
        if lowered.last == 0x0D { lowered.removeLast() }
        // A clitic is one or two letters, so only the last three bytes are looked at (a line of a
        // huge list is not scanned twice).
        if let apostrophe = lowered.suffix(3).lastIndex(of: 0x27),
            Self.clitics.contains(lowered[(apostrophe + 1)...].map { $0 | 0x20 })
        {
            lowered.removeSubrange(apostrophe...)
        }
        guard !lowered.isEmpty else { return }
        var capitals = 0
        for index in lowered.indices {
            guard Self.isLetter(lowered[index]) else { return }
            if lowered[index] < 0x60 { capitals += 1 }
            lowered[index] |= 0x20
        }
        guard capitals < 2 || capitals < lowered.count, lowered.contains(where: Self.vowels.contains) else { return }
        bytes += lowered
        starts.append(UInt32(bytes.count))
    }

    /// Builds the table over the words added, dropping repeats (`Seoul` and `seoul` are one word).
    private mutating func index() {
        let added = starts.count - 1
        var capacity = 16
        while capacity < 2 * added { capacity *= 2 }
        slots = [UInt32](repeating: 0, count: capacity)
        count = 0
        for word in 0..<added {
            let start = Int(starts[word])
            let end = Int(starts[word + 1])
            if case .empty(let slot) = find(bytes[start..<end]) {
                slots[slot] = UInt32(word + 1)
                count += 1
            }
        }
    }

    private enum Probe { case found, empty(Int) }

    /// Where `word` (lowercased) is in the table, or the empty slot it would go in.
    private func find(_ word: some Collection<UInt8>) -> Probe {
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
        if case .found = find(word.lazy.map { $0 | 0x20 }) { return true }
        return false
    }
}
