import CGNUShims
import Foundation
import Glibc
import HangulDaemon
import SystemPackage
import Testing

@Suite struct PeerPolicyTests {
    @Test func sameUIDIsAccepted() {
        let peer = PeerCredentials(pid: 10, uid: 1000, gid: 1000)
        #expect(PeerPolicy.decide(peer: peer, daemonUID: 1000) == .accept)
    }

    @Test(arguments: [UInt32(0), 999, 1001, 65534])
    func otherUIDIsRefusedEvenRoot(uid: UInt32) {
        let peer = PeerCredentials(pid: 10, uid: uid, gid: 1000)
        #expect(PeerPolicy.decide(peer: peer, daemonUID: 1000) == .refuseOtherUser(uid: uid))
    }

    @Test func unknownPeerIsRefused() {
        #expect(PeerPolicy.decide(peer: nil, daemonUID: 1000) == .refuseUnknownPeer)
    }

    @Test func credentialsOfASocketPairAreOurOwn() throws {
        var fds: [CInt] = [-1, -1]
        #expect(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &fds) == 0)
        defer {
            close(fds[0])
            close(fds[1])
        }
        let credentials = try PeerCredentials.of(descriptor: SystemPackage.FileDescriptor(rawValue: fds[0]))
        #expect(credentials == PeerCredentials(pid: getpid(), uid: geteuid(), gid: getegid()))
        var uid: UInt32 = .max
        #expect(hangul_peer_uid(fds[1], &uid) == 0)
        #expect(uid == geteuid())
    }

    @Test func credentialsOfSomethingThatIsNotASocketAreAnError() throws {
        let fd = open("/dev/null", O_RDONLY)
        defer { close(fd) }
        #expect(throws: SystemCallError("getsockopt(SO_PEERCRED)", errno: ENOTSOCK)) {
            try PeerCredentials.of(descriptor: SystemPackage.FileDescriptor(rawValue: fd))
        }
    }
}
