#if canImport(Glibc)
    import Glibc
#endif

/// Writes a line to standard error: notes for people, kept out of the table on standard output.
public func note(_ message: String) {
    let bytes = Array((message + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
}

/// Reports a benchmark that cannot be trusted (a failed check, a missing program) and exits 1.
public func fail(_ message: String) -> Never {
    note("\(CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? "bench"): \(message)")
    exit(1)
}
