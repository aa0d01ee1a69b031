import Glibc
import HangulSystem
import HangulTestSupport
import SystemPackage
import Testing

/// inotify and the detached thread the daemon's directory watcher runs on.
@Suite struct InotifyAndThreadTests {
    @Test func aWatchedDirectoryReportsAFileRenamedIntoIt() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let inotify = try Inotify.make()
        defer { try? inotify.descriptor.close() }
        let watch = try inotify.watch(temporary.path, for: [.movedTo, .created, .onlyDirectory])
        #expect(try inotify.watch(temporary.path, for: [.movedTo, .created, .onlyDirectory]) == watch)
        let temporaryFile = try temporary.write("x", to: ".config.toml.tmp")
        #expect(rename(temporaryFile, temporary.child("config.toml")) == 0)
        #expect(try inotify.descriptor.waitUntilReady(for: .readable, deadline: .now + .seconds(10)))
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = try buffer.withUnsafeMutableBytes { try inotify.descriptor.read(into: $0) }
        let events = Inotify.events(in: buffer[..<count])
        #expect(
            events == [
                Inotify.Event(watch: watch, events: .created, name: ".config.toml.tmp"),
                Inotify.Event(watch: watch, events: .movedTo, name: "config.toml"),
            ])
    }

    @Test func aMissingPathOrAFileIsRefusedWithItsName() throws {
        let temporary = try TemporaryDirectory()
        defer { temporary.remove() }
        let inotify = try Inotify.make()
        defer { try? inotify.descriptor.close() }
        let missing = temporary.child("missing")
        #expect(throws: SystemCallError("inotify_add_watch", path: missing, errno: ENOENT)) {
            try inotify.watch(missing, for: [.created, .onlyDirectory])
        }
        #expect(
            SystemCallError("inotify_add_watch", path: missing, errno: ENOENT).description
                == "inotify_add_watch \(missing): No such file or directory")
        let file = try temporary.write("", to: "file")
        #expect(throws: SystemCallError("inotify_add_watch", path: file, errno: ENOTDIR)) {
            try inotify.watch(file, for: [.created, .onlyDirectory])
        }
    }

    @Test func eventsAreParsedUpToATruncatedOne() {
        func event(watch: Int32, mask: UInt32, name: [UInt8]) -> [UInt8] {
            withUnsafeBytes(of: watch.littleEndian, Array.init) + withUnsafeBytes(of: mask.littleEndian, Array.init)
                + [0, 0, 0, 0] + withUnsafeBytes(of: UInt32(name.count).littleEndian, Array.init) + name
        }
        let first = event(watch: 3, mask: UInt32(IN_CREATE | IN_ISDIR), name: Array("hangul".utf8) + [0, 0])
        let overflow = event(watch: -1, mask: UInt32(IN_Q_OVERFLOW), name: [])
        let truncated = Array(event(watch: 4, mask: UInt32(IN_DELETE), name: Array("gone".utf8)).prefix(10))
        #expect(
            Inotify.events(in: (first + overflow + truncated)[...]) == [
                Inotify.Event(watch: 3, events: [.created, .isDirectory], name: "hangul"),
                Inotify.Event(watch: -1, events: .queueOverflowed, name: ""),
            ])
    }

    @Test func aDetachedThreadRunsItsBody() throws {
        let pipe = try FileDescriptor.pipe()
        defer {
            try? pipe.readEnd.close()
            try? pipe.writeEnd.close()
        }
        let writeEnd = pipe.writeEnd
        try DetachedThread.start { _ = try? writeEnd.writeAll("ran".utf8) }
        #expect(try pipe.readEnd.waitUntilReady(for: .readable, deadline: .now + .seconds(10)))
        var buffer = [UInt8](repeating: 0, count: 3)
        let count = try buffer.withUnsafeMutableBytes { try pipe.readEnd.read(into: $0) }
        #expect(Array(buffer[..<count]) == Array("ran".utf8))
    }
}
