import Glibc
import HangulSystem
import SystemPackage

/// Watches directories with inotify and calls back, debounced, when a named file in them changes.
///
/// Directories rather than files: an editor that saves by writing a new file and renaming it over
/// the old one (vim, `hangulctl config set`) replaces the inode, which a watch on the file would
/// lose. Events are collected until ``quietPeriod`` passes without one, so a save that takes
/// several steps reloads once. The watcher runs on a thread of its own, blocked in `poll`, and
/// lives as long as the process. `@unchecked Sendable`: after ``start(_:onChange:)`` returns, only
/// the watcher's thread touches its state.
public final class DirectoryWatcher: @unchecked Sendable {
    /// A directory and which names in it matter.
    public struct Watch: Sendable {
        public var directory: String
        public var matches: @Sendable (String) -> Bool
        /// A file in `directory` that may be a symbolic link (a dotfile manager's): the directory
        /// of the file it leads to is watched too, for that file, and the link is resolved again
        /// after every change, so an edit of the file in the dotfiles repository is followed.
        public var link: String?

        public init(directory: String, link: String? = nil, matches: @escaping @Sendable (String) -> Bool) {
            self.directory = directory
            self.link = link
            self.matches = matches
        }
    }

    /// How long to wait after an event for more before calling back.
    static let quietPeriod: Duration = .milliseconds(200)
    /// The longest a change waits for the quiet period: a directory another program writes to
    /// every 100 ms would otherwise delay a settings edit for as long as that program runs.
    static let longestWait: Duration = .seconds(1)

    /// What a watch descriptor stands for: a watched directory itself, or, while that directory
    /// does not exist, its nearest existing ancestor, waiting for the next path component.
    private enum Role {
        case target(Int)
        case ancestor(Int, awaiting: String)
    }

    private let inotify: Inotify
    private var targets: [Watch] = []
    /// Several roles can share a descriptor: inotify gives one per directory, and the settings and
    /// layout directories may wait on the same ancestor.
    private var roles: [Int32: [Role]] = [:]
    private let onChange: @Sendable () -> Void
    /// The watches on the directories symbolic links lead to, each with the file name it is for
    /// (see ``Watch/link``). A descriptor may also be a target's, when the link leads into a
    /// watched directory: inotify gives one per directory.
    private var linkTargets: [Int32: String] = [:]

    private static let directoryEvents: Inotify.Events = [
        .closedAfterWriting, .movedTo, .movedFrom, .created, .deleted, .deletedSelf, .movedSelf, .onlyDirectory,
    ]

    /// Starts watching. A directory that does not exist yet is waited for through its nearest
    /// existing ancestor: a user who creates `~/.config/hangul/` and a settings file in it after
    /// the daemon started is followed without a SIGHUP. Returns those waited-for directories (for
    /// the log), or nil when inotify itself is unavailable.
    static func start(_ watches: [Watch], onChange: @escaping @Sendable () -> Void) -> (DirectoryWatcher, [String])? {
        guard let inotify = try? Inotify.make() else { return nil }
        let watcher = DirectoryWatcher(inotify: inotify, onChange: onChange)
        watcher.targets = watches
        var waiting: [String] = []
        for index in watches.indices where !watcher.install(index) {
            waiting.append(watches[index].directory)
        }
        watcher.followLinks()
        do throws(SystemCallError) {
            try DetachedThread.start {
                watcher.loop()
            }
        } catch {
            try? inotify.descriptor.close()
            return nil
        }
        return (watcher, waiting)
    }

    /// Watches target `index`'s directory, or else its nearest existing ancestor for the next
    /// component down. Returns whether the directory itself is watched.
    ///
    /// A component created between a failed watch below and the watch on the ancestor would send
    /// no event, so after watching an ancestor the component is looked for once more, and the
    /// walk starts again if it has appeared meanwhile (`mkdir -p` racing the daemon).
    @discardableResult
    private func install(_ index: Int) -> Bool {
        for _ in 0..<8 {
            var path = targets[index].directory
            var awaiting: String?
            while true {
                if let id = try? inotify.watch(path, for: Self.directoryEvents) {
                    guard let awaiting else {
                        roles[id, default: []].append(.target(index))
                        return true
                    }
                    if Self.isDirectory((path == "/" ? "" : path) + "/" + awaiting) { break }
                    roles[id, default: []].append(.ancestor(index, awaiting: awaiting))
                    return false
                }
                // Up one component; a relative path or the root with nothing watchable is given up.
                guard let slash = path.lastIndex(of: "/"), path != "/" else { return false }
                awaiting = String(path[path.index(after: slash)...])
                path = slash == path.startIndex ? "/" : String(path[..<slash])
            }
        }
        return false
    }

    /// Watches the directory each ``Watch/link`` leads to now, and drops the watches on those it
    /// no longer leads to.
    private func followLinks() {
        var wanted: [Int32: String] = [:]
        for target in targets {
            guard let link = target.link, let resolved = Self.resolved(link), resolved != link else { continue }
            let (directory, name) = FileSystem.split(resolved)
            if let id = try? inotify.watch(directory, for: Self.directoryEvents) { wanted[id] = name }
        }
        for (id, _) in linkTargets where wanted[id] == nil && roles[id] == nil { inotify.removeWatch(id) }
        linkTargets = wanted
    }

    /// `realpath(3)`: the path with every symbolic link resolved, or nil when it leads nowhere.
    private static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isDirectory(_ path: String) -> Bool {
        (try? FileStatus.of(path, followingSymbolicLinks: true))?.isDirectory == true
    }

    private init(inotify: Inotify, onChange: @escaping @Sendable () -> Void) {
        self.inotify = inotify
        self.onChange = onChange
    }

    /// Waits for events, and calls back once ``quietPeriod`` has passed without any since one
    /// that mattered. The wait and the read are HangulSystem's and swift-system's, retried on `EINTR`
    /// (the quiet period is kept to its end across a signal); any other failure ends the watch.
    private func loop() {
        let descriptor = inotify.descriptor
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var quietUntil: MonotonicInstant?
        // When the change waiting for its quiet period was seen: it is called back at the latest
        // ``longestWait`` after that, whatever else goes on in the directory.
        var pendingSince: MonotonicInstant?
        while true {
            do throws(SystemCallError) {
                guard try descriptor.waitUntilReady(for: .readable, deadline: quietUntil) else {
                    quietUntil = nil
                    pendingSince = nil
                    followLinks()
                    onChange()
                    continue
                }
            } catch {
                return
            }
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0) }
            } catch let error as Errno where error == .wouldBlock {
                continue
            } catch {
                return
            }
            guard count > 0 else { return }
            // Any event while a change is pending starts the quiet period again: a save in several
            // steps reloads once, after its last step.
            if matches(buffer[0..<count]) || quietUntil != nil {
                let now = MonotonicInstant.now
                let since = pendingSince ?? now
                pendingSince = since
                quietUntil = min(now + Self.quietPeriod, since + Self.longestWait)
            }
        }
    }

    /// Whether any event in a read names a file one of the watches cares about (or overflowed).
    /// Moves watches as directories appear and disappear: a created path component moves the
    /// watch one level down (and counts as a change, since the file may be in it already); a
    /// watched directory deleted or moved away sends its watch back up to an ancestor.
    private func matches(_ bytes: ArraySlice<UInt8>) -> Bool {
        var found = false
        for event in Inotify.events(in: bytes) {
            let (wd, mask, name) = (event.watch, event.events, event.name)
            if mask.contains(.queueOverflowed) { found = true }
            if mask.contains(.movedSelf) {
                // The watch would follow the directory to its new name; drop it (IN_IGNORED follows).
                inotify.removeWatch(wd)
                continue
            }
            if let name = linkTargets[wd], name == event.name || mask.contains(.deletedSelf) { found = true }
            if mask.contains(.watchRemoved) {
                linkTargets.removeValue(forKey: wd)
                for role in roles.removeValue(forKey: wd) ?? [] {
                    switch role {
                    case .target(let index), .ancestor(let index, _):
                        install(index)
                        found = true
                    }
                }
                continue
            }
            guard let current = roles[wd] else { continue }
            var kept: [Role] = []
            var appeared: [Int] = []
            for role in current {
                switch role {
                case .target(let index):
                    if targets[index].matches(name) { found = true }
                    kept.append(role)
                case .ancestor(let index, let awaiting):
                    // A directory, or a symbolic link to one (a dotfile manager's): `install` looks
                    // at what is there and watches it or waits again.
                    let created = !mask.isDisjoint(with: [.created, .movedTo])
                    if created && name == awaiting { appeared.append(index) } else { kept.append(role) }
                }
            }
            if kept.isEmpty {
                // An ancestor nobody waits on any more; IN_IGNORED for it then finds no roles.
                roles.removeValue(forKey: wd)
                inotify.removeWatch(wd)
            } else {
                roles[wd] = kept
            }
            for index in appeared {
                install(index)
                found = true
            }
        }
        return found
    }
}
