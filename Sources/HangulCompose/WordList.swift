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
public struct WordList: Sendable {
    /// Debian's `wamerican` list.
    public static let defaultPath = "/usr/share/dict/american-english"

    private var words: Set<[UInt8]> = []

    /// A list of the given words.
    public init(_ words: some Sequence<String>) {
        for word in words { add(Array(word.utf8)) }
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
        var start = 0
        for index in bytes.indices where bytes[index] == 0x0A {
            add(Array(bytes[start..<index]))
            start = index + 1
        }
        if start < bytes.count { add(Array(bytes[start...])) }
        guard !words.isEmpty else { throw WordListError(path: path, reason: "it holds no words") }
    }

    private static func tooLarge(_ path: String) -> WordListError {
        WordListError(
            path: path,
            reason: "it is larger than \(maximumFileSize / 1024 / 1024) MiB, the most a word list may be (Debian's is "
                + "about 1 MB)")
    }

    private mutating func add(_ word: [UInt8]) {
        var lowered = word
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
        words.insert(lowered)
    }

    /// The endings a contraction's apostrophe comes before (`doesn't`, `I'll`, `could've`, `Seoul's`):
    /// such an entry gives the word before its apostrophe, since a run of letters ends at the
    /// apostrophe, and `doesn` or `didn` judged alone must be known as words (else they type 앧누
    /// and 야우).
    static let clitics = Set(["t", "s", "d", "ll", "m", "ve", "re"].map { Array($0.utf8) })

    /// The letters every English word has at least one of.
    static let vowels: Set<UInt8> = Set("aeiouy".utf8)

    static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) }

    /// How many words the list holds.
    public var count: Int { words.count }

    /// Whether a run of ASCII letters is a word, ignoring case.
    public func contains(_ word: some Sequence<UInt8>) -> Bool {
        words.contains(word.map { $0 | 0x20 })
    }
}
