import Glibc
import SystemPackage

/// An inotify instance (`inotify(7)`): watches on paths, whose events are read from one
/// descriptor.
///
/// Only the calls and the event format are here; which directories to watch and what an event
/// means is the caller's (the daemon's `DirectoryWatcher`). The descriptor is close-on-exec and
/// blocking: wait for it with ``FileDescriptor/waitUntilReady(for:deadline:)`` and read whole
/// events into a buffer of at least 4 KiB (a read never splits an event, and one too small for
/// the next event fails with `EINVAL`), then ``events(in:)``.
public struct Inotify: Sendable {
    /// What a watch reports, and what an event says happened (`IN_*`).
    public struct Events: OptionSet, Sendable, Hashable {
        public let rawValue: UInt32

        public init(rawValue: UInt32) {
            self.rawValue = rawValue
        }

        /// A file opened for writing was closed (`IN_CLOSE_WRITE`).
        public static let closedAfterWriting = Events(rawValue: UInt32(IN_CLOSE_WRITE))
        /// A name was moved into the directory (`IN_MOVED_TO`): how editors save.
        public static let movedTo = Events(rawValue: UInt32(IN_MOVED_TO))
        /// A name was moved out of the directory (`IN_MOVED_FROM`).
        public static let movedFrom = Events(rawValue: UInt32(IN_MOVED_FROM))
        /// A name was created in the directory (`IN_CREATE`).
        public static let created = Events(rawValue: UInt32(IN_CREATE))
        /// A name was removed from the directory (`IN_DELETE`).
        public static let deleted = Events(rawValue: UInt32(IN_DELETE))
        /// The watched directory itself was removed (`IN_DELETE_SELF`).
        public static let deletedSelf = Events(rawValue: UInt32(IN_DELETE_SELF))
        /// The watched directory itself was moved (`IN_MOVE_SELF`).
        public static let movedSelf = Events(rawValue: UInt32(IN_MOVE_SELF))
        /// Watch only if the path is a directory (`IN_ONLYDIR`); a watch flag, never reported.
        public static let onlyDirectory = Events(rawValue: UInt32(IN_ONLYDIR))
        /// The watch is gone (`IN_IGNORED`): its directory was removed, or it was removed.
        public static let watchRemoved = Events(rawValue: UInt32(IN_IGNORED))
        /// Events were lost because the queue was full (`IN_Q_OVERFLOW`); the watch id is -1.
        public static let queueOverflowed = Events(rawValue: UInt32(IN_Q_OVERFLOW))
        /// The name in the event is a directory (`IN_ISDIR`).
        public static let isDirectory = Events(rawValue: UInt32(IN_ISDIR))
    }

    /// One event: the watch it came from, what happened, and the name in the watched directory
    /// it concerns ("" for the directory itself). Names are decoded as UTF-8 with replacement
    /// characters, so a name that is not UTF-8 matches no name a caller looks for.
    public struct Event: Equatable, Sendable {
        public var watch: Int32
        public var events: Events
        public var name: String

        public init(watch: Int32, events: Events, name: String) {
            self.watch = watch
            self.events = events
            self.name = name
        }
    }

    /// The inotify descriptor, to wait on and read.
    public let descriptor: FileDescriptor

    /// `inotify_init1(IN_CLOEXEC)`. Throws `EMFILE` when the user's instance limit is reached
    /// (`fs.inotify.max_user_instances`).
    public static func make() throws(SystemCallError) -> Inotify {
        let raw = inotify_init1(Int32(IN_CLOEXEC))
        guard raw >= 0 else {
            throw .last("inotify_init1")
        }
        return Inotify(descriptor: FileDescriptor(rawValue: raw))
    }

    /// `inotify_add_watch(2)`: the watch id its events carry. Watching the same path again
    /// returns the same id (the new events replace the old). Throws `ENOENT` for a path that
    /// does not exist, `ENOTDIR` with ``Events/onlyDirectory`` for one that is not a directory.
    public func watch(_ path: String, for events: Events) throws(SystemCallError) -> Int32 {
        let id = inotify_add_watch(self.descriptor.rawValue, path, events.rawValue)
        guard id >= 0 else {
            throw .last("inotify_add_watch", path: path)
        }
        return id
    }

    /// `inotify_rm_watch(2)`; an ``Events/watchRemoved`` event follows. A watch already gone is
    /// not an error.
    public func removeWatch(_ id: Int32) {
        _ = inotify_rm_watch(self.descriptor.rawValue, id)
    }

    /// The events in bytes read from the descriptor, in order. A truncated event at the end
    /// (which a read never produces) ends the list; a name is cut at its first NUL (the kernel
    /// pads names with NULs).
    public static func events(in bytes: ArraySlice<UInt8>) -> [Event] {
        let header = MemoryLayout<inotify_event>.size
        var events: [Event] = []
        var offset = bytes.startIndex
        while offset + header <= bytes.endIndex {
            let (watch, mask, length) = bytes.withUnsafeBytes { raw in
                let base = offset - bytes.startIndex
                return (
                    raw.loadUnaligned(fromByteOffset: base, as: Int32.self),
                    raw.loadUnaligned(fromByteOffset: base + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: base + 12, as: UInt32.self))
                )
            }
            let nameStart = offset + header
            let nameEnd = min(nameStart + length, bytes.endIndex)
            let name = String(decoding: bytes[nameStart..<nameEnd].prefix { $0 != 0 }, as: UTF8.self)
            events.append(Event(watch: watch, events: Events(rawValue: mask), name: name))
            offset = nameEnd
        }
        return events
    }
}
