import Foundation
import Glibc

/// A fresh private directory under /tmp (short, so socket paths fit `sun_path`), removed by `remove()`.
public struct TemporaryDirectory: Sendable {
    public let path: String

    public init() throws {
        var template = Array("/tmp/hangul-test-XXXXXX".utf8CString)
        let created = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else {
                return false
            }
            return mkdtemp(base) != nil
        }
        guard created else {
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        self.path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `path` + "/" + `name`.
    public func child(_ name: String) -> String {
        self.path + "/" + name
    }

    /// Writes `text` to `name` under the directory, creating intermediate directories.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let path = child(name)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: self.path)
    }
}
