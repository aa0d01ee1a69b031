import CLibhangul

/// libhangul's `HanjaTable`, the reference; every raw `hanja_*` call of the benchmark is here.
final class LibhangulHanja {
    private let table: OpaquePointer

    /// `hanja_table_load`; nil when libhangul cannot load the file.
    init?(path: String) {
        guard let table = hanja_table_load(path) else { return nil }
        self.table = table
    }

    deinit { hanja_table_delete(table) }

    /// One lookup: the list, each candidate's value read when `readValues`, the list freed. Returns
    /// a checksum of what was read so the work cannot be optimized away.
    func lookUp(_ key: UnsafePointer<CChar>, _ match: Match, readValues: Bool = true) -> UInt64 {
        let list: OpaquePointer?
        switch match {
        case .exact: list = hanja_table_match_exact(table, key)
        case .prefix: list = hanja_table_match_prefix(table, key)
        case .suffix: list = hanja_table_match_suffix(table, key)
        }
        guard let list else { return 0 }
        defer { hanja_list_delete(list) }
        let count = hanja_list_get_size(list)
        var sum = UInt64(count)
        guard readValues else { return sum }
        for index in 0..<UInt32(count) {
            if let value = hanja_list_get_nth_value(list, index) { sum &+= UInt64(UInt8(bitPattern: value.pointee)) }
        }
        return sum
    }

    enum Match { case exact, prefix, suffix }
}
