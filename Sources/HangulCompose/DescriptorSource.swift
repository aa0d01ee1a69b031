import SystemPackage

/// A descriptor read in blocks.
struct DescriptorSource: ByteSource {
    let descriptor: FileDescriptor
    let name: String

    func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
        do {
            return try descriptor.read(into: buffer, retryOnInterrupt: true)
        } catch let errno as Errno {
            throw InputError(source: name, reason: errno.description)
        } catch {
            throw InputError(source: name, reason: "\(error)")
        }
    }
}
