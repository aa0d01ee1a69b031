import HangulSystem
import Testing

struct LatchTests {
    @Test func aLatchNotOpenedMakesATimedWaitGiveUpAndAnOpenedOneLetsEveryWaitThrough() throws {
        let latch = try Latch()
        #expect(!latch.isOpen)
        #expect(!latch.wait(timeout: .zero))
        let start = ContinuousClock.now
        #expect(!latch.wait(timeout: .milliseconds(50)))
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        latch.open()
        latch.open()
        #expect(latch.isOpen)
        #expect(latch.wait(timeout: .zero))
        #expect(latch.wait(timeout: .seconds(10)))
        latch.wait()  // returns at once: the latch stays open
    }

    @Test func aWaitingThreadWakesWhenAnotherOpensTheLatch() throws {
        let opened = try Latch()
        let woke = try Latch()
        try DetachedThread.start {
            opened.wait()
            woke.open()
        }
        #expect(!woke.wait(timeout: .milliseconds(20)))
        opened.open()
        #expect(woke.wait(timeout: .seconds(10)))
    }
}
