import CLibhangul
import HangulHanja

#if canImport(Glibc)
    import Glibc
#endif

/// libhangul's dictionary (`HanjaTable`) loaded from one file, the oracle for our lookups.
///
/// Every raw `hanja_*` call of the harness is in this file. Lists are read at once into
/// ``HanjaEntryBytes`` and freed (`hanja_list_delete`).
public final class LibhangulHanjaTable {
    private let table: OpaquePointer

    /// Loads a dictionary file (`hanja_table_load`), or returns nil when libhangul cannot open it.
    public init?(path: String) {
        guard let table = hanja_table_load(path) else { return nil }
        self.table = table
    }

    deinit { hanja_table_delete(table) }

    /// The candidates libhangul lists for `key`, in its order (`hanja_table_match_exact`, `_prefix`
    /// or `_suffix`); empty when it returns no list.
    public func match(_ key: String, _ kind: HanjaMatchKind) -> [HanjaEntryBytes] {
        let list: OpaquePointer?
        switch kind {
        case .exact: list = hanja_table_match_exact(table, key)
        case .prefix: list = hanja_table_match_prefix(table, key)
        case .suffix: list = hanja_table_match_suffix(table, key)
        }
        guard let list else { return [] }
        defer { hanja_list_delete(list) }
        return (0..<hanja_list_get_size(list)).map { index in
            let item = UInt32(index)
            return HanjaEntryBytes(
                key: Self.bytes(hanja_list_get_nth_key(list, item)),
                value: Self.bytes(hanja_list_get_nth_value(list, item)),
                comment: Self.bytes(hanja_list_get_nth_comment(list, item)))
        }
    }

    /// Whether libhangul lists exactly `candidates` for `key`, compared in place without copying its
    /// list; also the length of libhangul's list.
    public func agrees(_ key: String, _ kind: HanjaMatchKind, with candidates: HanjaCandidates) -> (Bool, Int) {
        let list: OpaquePointer?
        switch kind {
        case .exact: list = hanja_table_match_exact(table, key)
        case .prefix: list = hanja_table_match_prefix(table, key)
        case .suffix: list = hanja_table_match_suffix(table, key)
        }
        guard let list else { return (candidates.isEmpty, 0) }
        defer { hanja_list_delete(list) }
        let count = Int(hanja_list_get_size(list))
        guard count == candidates.count else { return (false, count) }
        for (index, candidate) in candidates.enumerated() {
            let item = UInt32(index)
            guard Self.same(hanja_list_get_nth_key(list, item), candidate.keyUTF8),
                Self.same(hanja_list_get_nth_value(list, item), candidate.valueUTF8),
                Self.same(hanja_list_get_nth_comment(list, item), candidate.commentUTF8)
            else { return (false, count) }
        }
        return (true, count)
    }

    private static func same(_ text: UnsafePointer<CChar>?, _ bytes: ArraySlice<UInt8>) -> Bool {
        guard let text else { return bytes.isEmpty }
        var index = bytes.startIndex
        var pointer = text
        while pointer.pointee != 0 {
            guard index < bytes.endIndex, bytes[index] == UInt8(bitPattern: pointer.pointee) else { return false }
            index += 1
            pointer += 1
        }
        return index == bytes.endIndex
    }

    private static func bytes(_ text: UnsafePointer<CChar>?) -> [UInt8] {
        guard let text else { return [] }
        return Array(UnsafeBufferPointer(start: text, count: strlen(text))).map { UInt8(bitPattern: $0) }
    }
}
