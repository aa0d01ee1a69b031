import NIOCore
import NIOEmbedded
import Testing

@testable import HangulDaemon

@Suite struct ConnectionRegistryTests {
    /// Memory goes back to the system when at least 16 connections have closed and at most half of
    /// the peak is still open: a few times per burst, never once per connection.
    @Test func memoryIsGivenBackOnceMostConnectionsHaveClosedNotPerConnection() {
        let registry = ConnectionRegistry()
        let channels = (0..<40).map { _ in EmbeddedChannel() }
        for channel in channels {
            guard case .admitted = registry.admit(channel, limit: 100) else {
                Issue.record("the registry refused a connection under its limit")
                return
            }
        }
        #expect(!registry.isMemoryReturnDue(), "nothing has closed")
        for channel in channels[..<19] { registry.remove(channel) }
        #expect(!registry.isMemoryReturnDue(), "21 of 40 are still open, more than half")
        registry.remove(channels[19])
        #expect(registry.isMemoryReturnDue(), "20 closed and half of the peak still open")
        #expect(!registry.isMemoryReturnDue(), "due once, not again until more close")
        for channel in channels[20..<30] { registry.remove(channel) }
        #expect(!registry.isMemoryReturnDue(), "only 10 closed since memory was given back")
        for channel in channels[30...] { registry.remove(channel) }
        #expect(registry.isMemoryReturnDue(), "all 20 of the new peak closed")
        #expect(registry.count == 0)
    }
}
