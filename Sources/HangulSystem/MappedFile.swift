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
        guard let address = Glibc.mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor.rawValue, 0),
            address != MAP_FAILED
        else {
            throw SystemCallError.last("mmap", path: path)
        }
        bytes = UnsafeRawBufferPointer(start: address, count: size)
        // Read in small random places (an index): no readahead of pages no lookup asked for.
        _ = Glibc.madvise(address, size, MADV_RANDOM)
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
