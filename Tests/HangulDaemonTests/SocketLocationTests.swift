import HangulProtocol
import Testing

@testable import HangulDaemon

@Suite struct SocketLocationTests {
    private func resolve(explicit: String?, _ environment: [String: String]) throws(SocketLocation.Failure) -> String {
        try SocketLocation.resolve(explicit: explicit) { environment[$0] }
    }

    @Test func socketFlagWinsOverEverything() throws {
        let path = try self.resolve(
            explicit: "/x/flag.sock",
            ["HANGULD_SOCKET": "/x/env.sock", "XDG_RUNTIME_DIR": "/run/user/1000"]
        )
        #expect(path == "/x/flag.sock")
    }

    @Test func environmentVariableWinsOverTheRuntimeDirectory() throws {
        let path = try self.resolve(
            explicit: nil,
            ["HANGULD_SOCKET": "/x/env.sock", "XDG_RUNTIME_DIR": "/run/user/1000"]
        )
        #expect(path == "/x/env.sock")
    }

    @Test func runtimeDirectoryGivesTheDefaultPath() throws {
        #expect(
            try self.resolve(explicit: nil, ["XDG_RUNTIME_DIR": "/run/user/1000"])
                == "/run/user/1000/hangul/hanguld.sock")
        #expect(
            try self.resolve(explicit: nil, ["XDG_RUNTIME_DIR": "/run/user/1000/"])
                == "/run/user/1000/hangul/hanguld.sock")
    }

    @Test func emptyVariablesCountAsUnset() throws {
        let path = try self.resolve(explicit: nil, ["HANGULD_SOCKET": "", "XDG_RUNTIME_DIR": "/run/user/7"])
        #expect(path == "/run/user/7/hangul/hanguld.sock")
    }

    @Test func noRuntimeDirectoryAndNoFlagIsRefusedWithoutFallback() {
        #expect(throws: SocketLocation.Failure.noLocation) { try self.resolve(explicit: nil, [:]) }
        #expect(throws: SocketLocation.Failure.noLocation) { try self.resolve(explicit: nil, ["XDG_RUNTIME_DIR": ""]) }
        #expect(
            SocketLocation.Failure.noLocation.description
                == "XDG_RUNTIME_DIR is not set, so there is no private directory for the socket; "
                + "log in through a session that sets it, or pass --socket PATH (or set HANGULD_SOCKET) "
                + "with PATH in a directory only you can access"
        )
    }

    @Test func relativeRuntimeDirectoryIsRefused() {
        #expect(throws: SocketLocation.Failure.runtimeDirectoryNotAbsolute("run/me")) {
            try self.resolve(explicit: nil, ["XDG_RUNTIME_DIR": "run/me"])
        }
    }

    @Test func emptySocketFlagIsRefused() {
        #expect(throws: SocketLocation.Failure.emptyPath) { try self.resolve(explicit: "", [:]) }
    }

    @Test(arguments: [
        ("/run/user/1000/hangul/hanguld.sock", "/run/user/1000/hangul"),
        ("/hanguld.sock", "/"),
        ("hanguld.sock", "."),
        ("dir/hanguld.sock", "dir"),
    ])
    func directoryOfASocketPath(path: String, directory: String) {
        #expect(SocketLocation.directory(of: path) == directory)
    }
}
