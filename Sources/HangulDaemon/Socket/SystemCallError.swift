import HangulSystem

/// A failed system call; the type lives in `HangulSystem`, named here so that users of the daemon
/// library (and its `DaemonError.system`) need not import that module.
public typealias SystemCallError = HangulSystem.SystemCallError
