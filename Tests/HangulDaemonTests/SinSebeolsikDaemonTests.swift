import HangulTestSupport
import Testing

/// 신세벌식 P2 chosen with `hangulctl config set layout 3sin-p2` reaches a field that is already
/// open: its next keys type P2, dual-role keys (갈마들이) included.
@Suite(.hangGuard)
struct SinSebeolsikDaemonTests {
    @Test func hangulctlSetsP2AndAnOpenFieldTypesIt() async throws {
        let daemon = try await RunningDaemon.start()
        let (client, hello) = try SettingsDaemonTests.open(daemon)
        #expect(hello.contains(#"{"id":"3sin-p2","aliases":["sinsebeolsik-p2"],"name":"Sin-sebeolsik P2""#))
        let environment = [
            "XDG_CONFIG_HOME": daemon.directory.child("config"), "HANGULD_SOCKET": daemon.socketPath,
        ]
        let set = try await ChildProcess.launch(
            SystemTools.hangulctl, ["config", "set", "layout", "3sin-p2"] + SettingsDaemonTests.patient,
            environment: environment
        ).finish(within: 120)
        #expect(set.status == 0)
        #expect(set.stdout == "hanguld reloaded its settings and layouts\n")
        // j f s on P2: ㅇ, then the left-hand ㅍ/ㅏ key as the vowel, then ㄴ/ㅖ as the final: 안.
        var last = ""
        for (index, key) in ["j", "f", "s"].enumerated() {
            let keysym = key.unicodeScalars.first?.value ?? 0
            try client.send(#"{"id":\#(index + 2),"method":"key","params":{"keysym":\#(keysym)}}"# + "\n")
            last = try client.readLine() ?? ""
        }
        #expect(last.contains(#""preedit":"안""#), "\(last)")
        client.close()
        #expect(try await daemon.stop().status == 0)
    }
}
