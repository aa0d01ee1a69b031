import Glibc
import SystemPackage

extension FileDescriptor {
    /// Runs `body`, closing the descriptor if it throws and leaving it open if it returns: for
    /// setting up a descriptor the caller keeps (connect, bind, lock), where swift-system's
    /// `closeAfter` would close it on success too.
    ///
    /// The error from closing is dropped: the error that made the setup fail is the one to report,
    /// and a descriptor that failed to close is gone all the same (Linux frees it even then).
    public func closingIfThrows<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        do {
            return try body()
        } catch {
            try? self.close()
            throw error
        }
    }

    /// `fchmod(2)`: the mode of the file (or socket inode) the descriptor refers to.
    public func changeMode(_ mode: mode_t) throws(SystemCallError) {
        guard Glibc.fchmod(self.rawValue, mode) == 0 else {
            throw .last("fchmod")
        }
    }
}
