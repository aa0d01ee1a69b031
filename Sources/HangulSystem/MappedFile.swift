import Glibc
import SystemPackage

/// A whole file mapped read-only into memory (`mmap(2)`, `PROT_READ`, `MAP_PRIVATE`), unmapped when
/// the last reference goes.
///
/// The pages are the kernel's page cache: clean, shared with every other process mapping the same
/// file, resident only once touched, and dropped under memory pressure rather than swapped. That is
/// why the hanja index is read this way (issue 25): 15 MB of private heap per process become a few
/// pages of shared cache. The mapping is of the file as it is when mapped; a file replaced by
/// `rename` (as ``FileSystem/replaceContents(of:with:)`` does) leaves the mapping on the old
/// contents. A file truncated in place by someone else while mapped would fault on access beyond
/// its new end, so mapped files are ones the program writes itself, whole, by renaming.
public final class MappedFile: @unchecked Sendable {
    /// The file's bytes, valid as long as this object lives. Empty for an empty file.
    public let bytes: UnsafeRawBufferPointer

    /// Maps the regular file at `path` whole. Errors name the call (`open`, `fstat`, `mmap`) and the path.
    public init(path: String) throws(SystemCallError) {
        let descriptor = try SystemCallError.naming("open", path: path) {
            try FileDescriptor.open(FilePath(path), .readOnly, options: [.closeOnExec, .nonBlocking])
        }
        defer { try? descriptor.close() }
        let status = try SystemCallError.naming("fstat", path: path) { try descriptor.stat() }
        guard status.type == .regular else { throw SystemCallError("mmap", path: path, errno: .invalidArgument) }
        let size = Int(status.size)
        guard size > 0 else {
            bytes = UnsafeRawBufferPointer(start: nil, count: 0)
            return
        }
        let address = try Self.mapOffHugePageBoundaries(descriptor.rawValue, size: size, path: path)
        bytes = UnsafeRawBufferPointer(start: address, count: size)
        // Read in small random places (an index): no readahead of pages no lookup asked for.
        _ = Glibc.madvise(address, size, MADV_RANDOM)
    }

    /// The size of a huge page (a PMD) on x86-64 and arm64 with 4 KiB pages.
    static let hugePage = 2 << 20

    /// Maps the file at an address one page past a huge-page boundary.
    ///
    /// The kernel places a large mapping on a 2 MiB boundary, and when the page cache holds the
    /// file in 2 MiB folios (a file just written in one piece does) the first touch anywhere in
    /// one maps all 2 MiB of it: one hanja lookup left 4.6 MB of the index resident. A mapping
    /// whose addresses are not congruent to the file offsets modulo 2 MiB cannot be mapped by huge
    /// pages, so touches map only the kernel's fault-around window. A region of 4 MiB more than
    /// the file is reserved, the file mapped inside it, and the rest given back.
    private static func mapOffHugePageBoundaries(
        _ descriptor: CInt, size: Int, path: String
    ) throws(SystemCallError) -> UnsafeMutableRawPointer {
        let span = size + 2 * hugePage
        guard let reserved = Glibc.mmap(nil, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
            reserved != MAP_FAILED
        else {
            throw SystemCallError.last("mmap", path: path)
        }
        let start = UInt(bitPattern: reserved)
        let boundary = (start + UInt(hugePage) - 1) & ~UInt(hugePage - 1)
        let target = boundary + UInt(Glibc.sysconf(Int32(_SC_PAGESIZE)))
        guard
            let address = Glibc.mmap(
                UnsafeMutableRawPointer(bitPattern: target), size, PROT_READ, MAP_PRIVATE | MAP_FIXED, descriptor, 0),
            address != MAP_FAILED
        else {
            let error = SystemCallError.last("mmap", path: path)
            _ = Glibc.munmap(reserved, span)
            throw error
        }
        // The reservation's head before the file and its tail after it.
        _ = Glibc.munmap(reserved, Int(target - start))
        let end = target + UInt(size)
        let reservedEnd = start + UInt(span)
        if let tail = UnsafeMutableRawPointer(bitPattern: end) {
            let pageSize = UInt(Glibc.sysconf(Int32(_SC_PAGESIZE)))
            let tailStart = (UInt(bitPattern: tail) + pageSize - 1) & ~(pageSize - 1)
            if tailStart < reservedEnd, let tailPointer = UnsafeMutableRawPointer(bitPattern: tailStart) {
                _ = Glibc.munmap(tailPointer, Int(reservedEnd - tailStart))
            }
        }
        return address
    }

    /// Lets the kernel drop this process's references to the pages read so far (`madvise(2)`
    /// `MADV_DONTNEED`): they stay in the page cache, and a later access maps them again. For a
    /// reader that checked the whole file once and will then touch only a few pages of it, so the
    /// check does not leave the whole file counted in the process's resident set.
    public func releaseResidentPages() {
        guard let base = bytes.baseAddress else { return }
        _ = Glibc.madvise(UnsafeMutableRawPointer(mutating: base), bytes.count, MADV_DONTNEED)
    }

    deinit {
        if let base = bytes.baseAddress { _ = Glibc.munmap(UnsafeMutableRawPointer(mutating: base), bytes.count) }
    }
}
