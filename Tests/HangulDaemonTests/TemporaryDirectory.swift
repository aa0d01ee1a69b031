import Foundation
import Glibc

/// A fresh private directory under /tmp (short, so socket paths fit `sun_path`), removed by `remove()`.
struct TemporaryDirectory {
    let path: String

    init() throws {
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
    func child(_ name: String) -> String {
        self.path + "/" + name
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: self.path)
    }
}
