import Testing

@testable import HangulDaemon

/// The socket loop's table of connections by descriptor: lookups, the count it keeps, and the
/// descriptors no connection can have.
@Suite struct DescriptorTableTests {
    private final class Entry {
        let name: String
        init(_ name: String) { self.name = name }
    }

    @Test func storedValuesAreFoundByTheirDescriptorAndCounted() {
        var table = DescriptorTable<Entry>()
        #expect(table.isEmpty)
        table[7] = Entry("seven")
        table[3] = Entry("three")
        #expect(table[7]?.name == "seven")
        #expect(table[3]?.name == "three")
        #expect(table[5] == nil)
        #expect(table[1000] == nil)
        #expect(table.count == 2)
        #expect(table.values.map(\.name) == ["three", "seven"])
    }

    @Test func replacingAValueKeepsTheCountAndRemovingOneLowersIt() {
        var table = DescriptorTable<Entry>()
        table[4] = Entry("first")
        table[4] = Entry("second")
        #expect(table.count == 1)
        #expect(table[4]?.name == "second")
        table[4] = nil
        table[4] = nil
        table[90] = nil
        #expect(table.count == 0)
        #expect(table.isEmpty)
        #expect(table[4] == nil)
    }

    @Test func aNegativeDescriptorNeverHoldsAValue() {
        var table = DescriptorTable<Entry>()
        table[-1] = Entry("nowhere")
        #expect(table[-1] == nil)
        #expect(table.isEmpty)
    }
}
