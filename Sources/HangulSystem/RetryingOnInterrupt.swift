import Glibc
import SystemPackage

/// Calls `call` until it returns something other than `-1` with `errno` set to `EINTR`: the one
/// loop in the project that retries an interrupted C call.
///
/// A signal that arrives while a call blocks (the daemon's SIGHUP, a debugger attaching, SIGWINCH
/// in a terminal) makes the call fail with `EINTR` without having done anything; retrying it is
/// always right for the calls used here. Returns the call's result when it is not `-1`, and throws
/// the `errno` it left otherwise. The two calls that wait for a time
/// (``FileDescriptor/waitUntilAnyReady(_:deadline:)`` and ``CurrentThread/sleep(for:)``) resume with the
/// time left instead of retrying with the old one; they are HangulSystem's only other `EINTR` loops.
func retryingOnInterrupt<Result: FixedWidthInteger>(_ call: () -> Result) throws(Errno) -> Result {
    while true {
        let result = call()
        if result != -1 {
            return result
        }
        let error = Errno(rawValue: Glibc.errno)
        if error != .interrupted {
            throw error
        }
    }
}
