import SystemPackage

/// The process's standard streams as the CLI uses them, on swift-system's `FileDescriptor`: every
/// read and write retried on `EINTR`, every failure reported rather than dropped.
public enum StandardStreams {
    /// A sink writing everything to a descriptor, throwing ``OutputError`` with the system's reason
    /// (a closed pipe, a full disk).
    ///
    /// Written with `write(_:)` in a loop rather than swift-system's `writeAll`, which is generic
    /// over `Sequence`: its first call made the runtime look up a conformance among every one the
    /// program holds, a sixteenth of a short `hangul-compose` run.
    public static func sink(_ descriptor: FileDescriptor, named name: String) -> OutputBuffer.Sink {
        { (bytes) throws in
            do {
                var rest = bytes
                while !rest.isEmpty {
                    let written = try descriptor.write(rest)
                    rest = UnsafeRawBufferPointer(rebasing: rest[written...])
                }
            } catch let errno as Errno {
                throw OutputError(destination: name, reason: errno.description)
            } catch {
                throw OutputError(destination: name, reason: "\(error)")
            }
        }
    }

    /// Buffered standard output.
    public static func output() -> OutputBuffer {
        OutputBuffer(sink: sink(.standardOutput, named: "standard output"))
    }

    /// Standard error, written at once (a buffer of size zero).
    public static func errors() -> OutputBuffer {
        OutputBuffer(drainThreshold: 0, sink: sink(.standardError, named: "standard error"))
    }

    /// Standard input as a ``ByteSource``.
    public static var input: some ByteSource { DescriptorSource(descriptor: .standardInput, name: "standard input") }
}
