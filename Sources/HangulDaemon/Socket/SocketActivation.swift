import HangulSystem
import SystemPackage

/// systemd socket activation (`sd_listen_fds(3)`): the listening socket arrives already bound as fd 3.
public enum SocketActivation {
    /// The first passed descriptor, `SD_LISTEN_FDS_START`.
    public static let firstDescriptor = FileDescriptor(rawValue: 3)

    /// The listening descriptor to use, if `LISTEN_PID` names this process and `LISTEN_FDS` is at least 1.
    ///
    /// `LISTEN_PID` guards against variables inherited by a child process that was not the target.
    /// With more than one descriptor only the first is used: the units in `contrib/systemd` pass one.
    public static func listeningDescriptor(listenPID: String?, listenFDs: String?, processID: Int32) -> FileDescriptor?
    {
        guard let listenPID, let pid = Int32(listenPID), pid == processID else {
            return nil
        }
        guard let listenFDs, let count = Int(listenFDs), count >= 1 else {
            return nil
        }
        return Self.firstDescriptor
    }

    /// Reads the activation variables of this process and unsets them (so nothing we spawn inherits
    /// them), returning the listening descriptor if systemd passed one.
    public static func takeListeningDescriptor() -> FileDescriptor? {
        let descriptor = Self.listeningDescriptor(
            listenPID: Environment.value("LISTEN_PID"),
            listenFDs: Environment.value("LISTEN_FDS"),
            processID: CurrentProcess.id
        )
        for name in ["LISTEN_PID", "LISTEN_FDS", "LISTEN_FDNAMES"] {
            Environment.remove(name)
        }
        return descriptor
    }
}
