#if canImport(Glibc)
    import Glibc
#endif

/// This process's resident set size in bytes (`VmRSS` in /proc/self/status).
func residentBytes() -> Double {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("VmRSS:"), let kib = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
            return Double(kib) * 1024
        }
    }
    return 0
}
