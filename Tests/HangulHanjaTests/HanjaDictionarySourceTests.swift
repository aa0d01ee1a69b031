import Foundation
import HangulHanja
import Synchronization
import Testing

/// The daemon's way of loading (issue 23, fault 3): on another thread, a use waiting at most its
/// patience.
@Suite struct HanjaDictionarySourceTests {
    static let table = HanjaTable(parsing: Array("한:韓:\n".utf8), source: "test.txt")

    /// A value the test and the loading thread share.
    final class Shared<Value: Sendable>: Sendable {
        let mutex: Mutex<Value>
        init(_ value: Value) { mutex = Mutex(value) }
        func withLock<Result: Sendable>(_ body: (inout Value) -> Result) -> Result { mutex.withLock { body(&$0) } }
    }

    /// A source whose load waits until `gate` opens; threads come from Foundation.
    static func source(gate: Shared<Bool>, loads: Shared<Int>) -> HanjaDictionarySource {
        HanjaDictionarySource(
            loading: {
                while !gate.withLock({ $0 }) { usleep(1000) }
                loads.withLock { $0 += 1 }
                return HanjaDictionary(tables: [table])
            },
            inBackground: { body in
                Thread.detachNewThread(body)
                return true
            },
            sleep: { usleep(UInt32($0.components.attoseconds / 1_000_000_000_000)) }, patience: .milliseconds(50))
    }

    @Test func aSlowLoadGivesTheEmptyDictionaryThenTheLoadedOne() async throws {
        let gate = Shared(false)
        let loads = Shared(0)
        let source = Self.source(gate: gate, loads: loads)
        let start = ContinuousClock.now
        #expect(source.dictionary.isEmpty)
        #expect(ContinuousClock.now - start < .seconds(2))
        #expect(!source.isLoaded)
        gate.withLock { $0 = true }
        var loaded = false
        for _ in 0..<200 where !loaded {
            loaded = !source.dictionary.isEmpty
            if !loaded { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(loaded)
        #expect(source.isLoaded)
        #expect(loads.withLock { $0 } == 1, "one load, however many uses waited for it")
    }

    @Test func preparingStartsTheLoadBeforeAnyUseAndOnlyOnce() async throws {
        let gate = Shared(true)
        let loads = Shared(0)
        let source = Self.source(gate: gate, loads: loads)
        source.prepare()
        source.prepare()
        var loaded = false
        for _ in 0..<500 where !loaded {
            loaded = source.isLoaded
            if !loaded { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(loaded, "prepare() loaded the dictionary with no use asking for it")
        #expect(loads.withLock { $0 } == 1)
        #expect(source.dictionary.candidates(for: "한", HanjaMatch.exact).map { $0.value } == ["韓"])
        #expect(loads.withLock { $0 } == 1, "the use found the prepared dictionary")
    }

    @Test func preparingASourceWithoutABackgroundLoadsNothing() {
        let loads = Shared(0)
        let source = HanjaDictionarySource(loading: {
            loads.withLock { $0 += 1 }
            return HanjaDictionary(tables: [Self.table])
        })
        source.prepare()
        #expect(!source.isLoaded && loads.withLock { $0 } == 0)
    }

    @Test func aFastLoadIsWaitedFor() {
        let gate = Shared(true)
        let source = Self.source(gate: gate, loads: Shared(0))
        let values = source.dictionary.candidates(for: "한", HanjaMatch.exact).map { $0.value }
        #expect(values == ["韓"])
    }

    @Test func aReloadDuringALoadStartsAnother() async throws {
        let gate = Shared(false)
        let loads = Shared(0)
        let source = Self.source(gate: gate, loads: loads)
        #expect(source.dictionary.isEmpty)
        source.reload()
        gate.withLock { $0 = true }
        var loaded = false
        for _ in 0..<200 where !loaded {
            loaded = !source.dictionary.isEmpty
            if !loaded { try await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(loaded)
        // Both loads ran (the first may end after the second); the first one's result was dropped.
        for _ in 0..<200 where loads.withLock({ $0 }) < 2 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(loads.withLock { $0 } == 2, "the load begun before the reload was not used")
    }

    @Test func reloadsDuringALoadRunOneMoreLoadAfterItNotOneEach() async throws {
        let gate = Shared(false)
        let running = Shared((now: 0, most: 0, loads: 0))
        let source = HanjaDictionarySource(
            loading: {
                running.withLock {
                    $0.now += 1; $0.most = max($0.most, $0.now)
                }
                while !gate.withLock({ $0 }) { usleep(1000) }
                running.withLock {
                    $0.now -= 1; $0.loads += 1
                }
                return HanjaDictionary(tables: [Self.table])
            },
            inBackground: { body in
                Thread.detachNewThread(body)
                return true
            },
            sleep: { usleep(UInt32($0.components.attoseconds / 1_000_000_000_000)) }, patience: .milliseconds(5))
        source.prepare()
        for _ in 0..<5 {
            source.reload()
            source.prepare()
            #expect(source.dictionary.isEmpty)
        }
        gate.withLock { $0 = true }
        for _ in 0..<500 where !source.isLoaded { try await Task.sleep(for: .milliseconds(10)) }
        #expect(source.isLoaded)
        let counts = running.withLock { $0 }
        #expect(counts.most == 1, "one load at a time")
        #expect(counts.loads == 2, "the load begun before the reloads, then one for the files as they are now")
    }
}
