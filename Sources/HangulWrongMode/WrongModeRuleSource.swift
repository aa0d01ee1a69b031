import HangulCore
import HangulKeys
import HangulSystem
import Synchronization
import SystemPackage

/// The wrong-mode rule as sessions consult it (``WrongModeRule``): one English word list shared by
/// every session of a process, read on first use (or ahead of it, ``prepare()``).
///
/// The list (Debian's `wamerican`, about 1 MB) is read on the first fix key of any session, or
/// ahead of it by ``prepare()`` (the daemon's, when its settings use the list). A
/// missing or unreadable list is remembered as the reason (``problem``) and leaves the fix keys doing
/// nothing; ``reload()`` forgets either outcome, so the next use reads the file again. Nothing here
/// logs, and the text it is asked about is never kept.
public final class WrongModeRuleSource: WrongModeRule {
    private enum State: Sendable {
        case unread
        case read(WordList)
        case failed(WordListError)
    }

    /// The word list file read.
    public let path: String
    /// How the list is read: `WordList(contentsOf:)`; tests put a read here that waits.
    private let read: @Sendable (String) throws(WordListError) -> WordList
    private let state = Mutex(State.unread)
    /// The fixer the last use built, kept for the next: building one spells every jamo of the layout
    /// into keys (``ReverseSpeller``), work a typist's every word end would otherwise repeat with
    /// auto-fix on. One is enough: the sessions of one typist share a layout and options. Kept with
    /// it is the list it checks words against, so a reload's new list is never checked through an old
    /// fixer.
    private let lastFixer = Mutex<WrongModeFixer?>(nil)
    /// How many fixers uses have built (tests: that a second use with the same layout builds none).
    var fixersBuilt: Int { builtCount.withLock { $0 } }
    private let builtCount = Mutex(0)

    /// A source that reads the word list at `path` on first use, through `cache` when given
    /// (``WordList/init(contentsOf:cache:)``).
    public convenience init(wordListAt path: String = WordList.defaultPath, cache: IndexCacheDirectory? = nil) {
        self.init(
            wordListAt: path,
            reading: { path throws(WordListError) in
                try WordList(contentsOf: path, cache: cache)
            })
    }

    /// A source that reads the list at `path` with `read` (tests: a read that takes its time).
    init(wordListAt path: String, reading read: @escaping @Sendable (String) throws(WordListError) -> WordList) {
        self.path = path
        self.read = read
    }

    /// A source with the given list (tests, and callers that read it themselves).
    public init(_ words: WordList) {
        path = ""
        read = WordList.init(contentsOf:)
        state.withLock { $0 = .read(words) }
    }

    public func fix(_ text: String, layout: Layout, options: ComposerOptions) -> String? {
        guard let words else { return nil }
        return fixer(layout: layout, options: options, words: words).fix(text)
    }

    /// The last fixer when it was built for this layout (the same object: a reloaded layout file is
    /// a new one), these options and this list; else a new one, kept for next time.
    private func fixer(layout: Layout, options: ComposerOptions, words: WordList) -> WrongModeFixer {
        lastFixer.withLock { last in
            if let last, last.layout === layout, last.options == options, last.words.isSameList(as: words) {
                return last
            }
            let built = WrongModeFixer(layout: layout, options: options, words: words)
            builtCount.withLock { $0 += 1 }
            last = built
            return built
        }
    }

    /// The word list, read now when this is the first use; nil when it cannot be read.
    public var words: WordList? {
        state.withLock { current in
            switch current {
            case .read(let words): return words
            case .failed: return nil
            case .unread:
                do throws(WordListError) {
                    let words = try read(path)
                    current = .read(words)
                    return words
                } catch {
                    current = .failed(error)
                    return nil
                }
            }
        }
    }

    /// Whether the list is in memory (read by a use or by ``prepare()``).
    public var isRead: Bool {
        state.withLock { current in
            if case .read = current { return true }
            return false
        }
    }

    /// Why the rule cannot run, once a use found the list unreadable; nil before the first use and
    /// while the list is read.
    public var problem: WordListError? {
        state.withLock { current in
            if case .failed(let error) = current { return error }
            return nil
        }
    }

    /// Why the rule cannot run: the reason reading the list failed, or before the first use, why it
    /// would (the path is checked, not read, so asking costs no memory); nil when it can.
    ///
    /// Never waits for a read under way, which holds the lock for its whole length (tens of
    /// milliseconds, a debug build's or a loaded machine's far more): the daemon answers `status` with
    /// this on its one loop, so waiting held every session's keys behind the disk after each reload.
    /// While the list is read, the path is checked, as before the first use.
    public var unavailableReason: String? {
        let known: String?? =
            state.withLockIfAvailable { current -> String?? in
                switch current {
                case .read: return .some(nil)
                case .failed(let error): return .some("\(error.path): \(error.reason)")
                case .unread: return nil
                }
            } ?? nil
        if let known { return known }
        do throws(SystemCallError) {
            guard let status = try FileStatus.of(path, followingSymbolicLinks: true) else {
                return "\(path): \(Errno.noSuchFileOrDirectory)"
            }
            if let kind = status.irregularKind { return "\(path): it is \(kind), not a regular file" }
            return nil
        } catch {
            return "\(path): \(error.errno.description)"
        }
    }

    /// Reads the list on a thread of its own now, unless a use already has: for a daemon whose
    /// settings have fix keys or turn `auto-fix` on, where the first space after a word consults
    /// the list. Read on that key instead, the list (about 1 MB) took longer than the frontends wait for a reply (the
    /// IBus engine's 150 ms) on a loaded machine, and the key failed open with the word unrepaired.
    /// A use that comes while the read runs waits for it (the same lock). Without a thread to spare,
    /// the first use reads it, as before.
    public func prepare() {
        try? DetachedThread.start { [self] in _ = words }
    }

    /// Forgets the list (or the reason it could not be read); the next use reads the file again.
    public func reload() {
        state.withLock { $0 = .unread }
        lastFixer.withLock { $0 = nil }
    }
}
