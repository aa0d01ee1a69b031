import HangulDaemon
import Testing

@Suite struct SocketActivationTests {
    @Test func listenPIDOfThisProcessWithOneDescriptorGivesFD3() {
        #expect(SocketActivation.listeningDescriptor(listenPID: "4242", listenFDs: "1", processID: 4242)?.rawValue == 3)
        #expect(SocketActivation.listeningDescriptor(listenPID: "4242", listenFDs: "2", processID: 4242)?.rawValue == 3)
    }

    @Test(arguments: [
        ("4243", "1"),  // meant for another process (inherited variables)
        ("4242", "0"),
        ("4242", "-1"),
        ("4242", "many"),
        ("", "1"),
        ("pid", "1"),
    ])
    func otherVariablesMeanNoActivation(listenPID: String, listenFDs: String) {
        #expect(
            SocketActivation.listeningDescriptor(listenPID: listenPID, listenFDs: listenFDs, processID: 4242) == nil)
    }

    @Test func missingVariablesMeanNoActivation() {
        #expect(SocketActivation.listeningDescriptor(listenPID: nil, listenFDs: "1", processID: 4242) == nil)
        #expect(SocketActivation.listeningDescriptor(listenPID: "4242", listenFDs: nil, processID: 4242) == nil)
    }
}
