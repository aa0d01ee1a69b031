import Glibc

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

        public init(directory: String, matches: @escaping @Sendable (String) -> Bool) {
            self.directory = directory
            self.matches = matches
        }
    }

    /// How long to wait after an event for more before calling back.
    static let quietPeriod: Int32 = 200

    private let descriptor: Int32
    private var watches: [Int32: Watch] = [:]
    private let onChange: @Sendable () -> Void

    /// Starts watching; directories that do not exist are skipped (returned, for the log).
    /// Returns nil when inotify itself is unavailable.
    static func start(_ watches: [Watch], onChange: @escaping @Sendable () -> Void) -> (DirectoryWatcher, [String])? {
        let descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let watcher = DirectoryWatcher(descriptor: descriptor, onChange: onChange)
        var skipped: [String] = []
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
        for watch in watches {
            let id = inotify_add_watch(descriptor, watch.directory, mask | UInt32(IN_ONLYDIR))
            if id >= 0 { watcher.watches[id] = watch } else { skipped.append(watch.directory) }
        }
        var thread = pthread_t()
        let context = Unmanaged.passRetained(watcher).toOpaque()
        let created = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<DirectoryWatcher>.fromOpaque(context).takeRetainedValue().loop()
                return nil
            }, context)
        guard created == 0 else {
            Unmanaged<DirectoryWatcher>.fromOpaque(context).release()
            close(descriptor)
            return nil
        }
        pthread_detach(thread)
        return (watcher, skipped)
    }

    private init(descriptor: Int32, onChange: @escaping @Sendable () -> Void) {
        self.descriptor = descriptor
        self.onChange = onChange
    }

    private func loop() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        var pending = false
        while true {
            var fd = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fd, 1, pending ? Self.quietPeriod : -1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if ready == 0 {
                pending = false
                onChange()
                continue
            }
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else {
                if count < 0, errno == EINTR || errno == EAGAIN { continue }
                return
            }
            if matches(buffer[0..<count]) { pending = true }
        }
    }

    /// Whether any event in a read names a file one of the watches cares about (or overflowed).
    private func matches(_ bytes: ArraySlice<UInt8>) -> Bool {
        var offset = bytes.startIndex
        let header = MemoryLayout<inotify_event>.size
        var found = false
        while offset + header <= bytes.endIndex {
            let (wd, mask, length) = bytes.withUnsafeBytes { raw in
                let base = offset - bytes.startIndex
                return (
                    raw.loadUnaligned(fromByteOffset: base, as: Int32.self),
                    raw.loadUnaligned(fromByteOffset: base + 4, as: UInt32.self),
                    Int(raw.loadUnaligned(fromByteOffset: base + 12, as: UInt32.self))
                )
            }
            let nameStart = offset + header
            let nameEnd = min(nameStart + length, bytes.endIndex)
            let nameBytes = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { found = true }
            if let watch = watches[wd], watch.matches(name) { found = true }
            offset = nameEnd
        }
        return found
    }
}
