import HangulSystem
import Testing

@testable import HangulDaemon

/// The connection state machine alone, without a channel: events in, actions out.
@Suite struct ConnectionStateMachineTests {
    private static let start = MonotonicInstant.now

    private func machine(
        maxLineLength: Int = 64, maxPendingLines: Int = 4, maxPendingBytes: Int = 1024, open: Bool = true
    ) -> ConnectionStateMachine {
        ConnectionStateMachine(
            limits: .init(
                maxLineLength: maxLineLength, maxPendingLines: maxPendingLines, maxPendingBytes: maxPendingBytes,
                helloTimeout: .seconds(10)),
            now: Self.start, sessionIsOpen: open)
    }

    /// Answers every line the machine hands out while `canWrite`, as the handler would, and returns
    /// them with the action that ended the run.
    private func run(
        _ machine: inout ConnectionStateMachine, canWrite: Bool = true, opensSession: Bool = true
    ) -> (answered: [String], last: ConnectionStateMachine.Action) {
        var answered: [String] = []
        while true {
            let action = machine.next(canWrite: canWrite)
            guard case .answer(let line) = action else {
                return (answered, action)
            }
            answered.append(String(decoding: line, as: UTF8.self))
            machine.answered(wroteReply: true, sessionIsOpen: opensSession)
        }
    }

    @Test func linesAreAnsweredInOrderThenFlushedOnce() {
        var machine = self.machine()
        machine.received(bytes("one\ntwo\nthr"))
        #expect(self.run(&machine) == (["one", "two"], .flush))
        #expect(self.run(&machine) == ([], .wait))
        machine.received(bytes("ee\n"))
        #expect(self.run(&machine) == (["three"], .flush))
        #expect(machine.readComplete() == .wait)
    }

    @Test func linesQueueWhileRepliesAreBlockedAndReadingGoesOn() {
        var machine = self.machine()
        machine.received(bytes("a\n"))
        #expect(machine.next(canWrite: true) == .answer(bytes("a")))
        machine.answered(wroteReply: true, sessionIsOpen: true)
        machine.received(bytes("b\nc\n"))
        // The reply to "a" is not flushed yet: let the kernel take it, then queue.
        #expect(self.run(&machine, canWrite: false) == ([], .flush))
        #expect(self.run(&machine, canWrite: false) == ([], .wait))
        #expect(machine.mayRead)
        #expect(self.run(&machine) == (["b", "c"], .flush))
    }

    @Test func oneLineOverThePendingBoundIsRejectedAndInputEnds() {
        var machine = self.machine(maxPendingLines: 2)
        machine.received(bytes("a\nb\n"))
        #expect(self.run(&machine, canWrite: false) == ([], .wait))
        machine.received(bytes("c\nd\n"))
        #expect(self.run(&machine, canWrite: false) == ([], .reject(.tooManyPendingRequests(limit: 2))))
        #expect(!machine.mayRead)
        #expect(self.run(&machine) == ([], .wait))
    }

    @Test func pendingBytesOverTheirBoundAreRejected() {
        var machine = self.machine(maxPendingLines: 100, maxPendingBytes: 10)
        machine.received(bytes("1234\n1234\n"))
        #expect(self.run(&machine, canWrite: false) == ([], .wait))
        machine.received(bytes("x\n"))
        #expect(self.run(&machine, canWrite: false) == ([], .reject(.tooManyPendingRequestBytes(limit: 10))))
    }

    @Test func overlongLineIsRejectedAfterTheLinesBeforeIt() {
        var machine = self.machine(maxLineLength: 8)
        machine.received(bytes("ok\n0123456789"))
        #expect(self.run(&machine) == (["ok"], .reject(.lineTooLong(limit: 8))))
    }

    @Test func connectionWithoutHelloIsRejectedWhenTheHelloTimeoutPasses() {
        var machine = self.machine(open: false)
        #expect(machine.deadline == Self.start + .seconds(10))
        machine.received(bytes("not hello\n"))
        #expect(self.run(&machine, opensSession: false) == (["not hello"], .flush))
        #expect(machine.timerFired(now: Self.start + .seconds(9)) == .wait)
        #expect(machine.timerFired(now: Self.start + .seconds(10)) == .reject(.helloTimeout(seconds: 10)))
        #expect(machine.deadline == nil)
    }

    @Test func openedSessionHasNoTimeoutWhileIdle() {
        var machine = self.machine(open: false)
        machine.received(bytes("hello\n"))
        #expect(self.run(&machine, opensSession: true) == (["hello"], .flush))
        #expect(machine.deadline == nil)
        #expect(machine.timerFired(now: Self.start + .seconds(3600)) == .wait)
    }

    @Test func lineLeftUnfinishedIsRejectedTenSecondsAfterItsFirstByte() {
        var machine = self.machine()
        machine.received(bytes("done\npar"))
        #expect(self.run(&machine) == (["done"], .flush))
        #expect(machine.needsUnfinishedLineStart)
        machine.unfinishedLineStarted(at: Self.start + .seconds(1))
        #expect(machine.deadline == Self.start + .seconds(11))
        // More bytes of the same line do not move the deadline: trickling cannot hold a slot.
        machine.received(bytes("tial"))
        #expect(self.run(&machine) == ([], .wait))
        #expect(!machine.needsUnfinishedLineStart)
        #expect(machine.timerFired(now: Self.start + .seconds(11)) == .reject(.unfinishedLineTimeout(seconds: 10)))
    }

    @Test func completingTheLineStopsItsTimeout() {
        var machine = self.machine()
        machine.received(bytes("par"))
        #expect(self.run(&machine) == ([], .wait))
        machine.unfinishedLineStarted(at: Self.start)
        machine.received(bytes("t\n"))
        #expect(self.run(&machine) == (["part"], .flush))
        #expect(machine.deadline == nil)
        #expect(!machine.needsUnfinishedLineStart)
    }

    @Test func shutdownCollectsWhatTheSocketHeldAnswersItThenCloses() {
        var machine = self.machine()
        #expect(machine.drainRequested() == .readRemainingInput)
        #expect(machine.mayRead)
        machine.received(bytes("late\nunfinished"))
        #expect(self.run(&machine) == (["late"], .flush))
        // Bytes came since the last tick: read on.
        #expect(machine.collectionTick() == .readRemainingInput)
        #expect(machine.collectionTick() == .wait)
        #expect(!machine.mayRead)
        #expect(self.run(&machine) == ([], .closeAfterWriting))
    }

    @Test func shutdownWhileRepliesAreBlockedAnswersTheQueueAsTheClientReads() {
        var machine = self.machine()
        machine.received(bytes("a\nb\n"))
        #expect(self.run(&machine, canWrite: false) == ([], .wait))
        #expect(machine.drainRequested() == .readRemainingInput)
        #expect(machine.collectionTick() == .wait)
        #expect(self.run(&machine, canWrite: false) == ([], .wait))
        #expect(self.run(&machine) == (["a", "b"], .closeAfterWriting))
    }

    @Test func halfCloseDropsTheUnfinishedLineAndClosesOnceAnswered() {
        var machine = self.machine()
        machine.received(bytes("one\ncut"))
        #expect(self.run(&machine, canWrite: false) == ([], .wait))
        machine.inputClosed()
        #expect(!machine.mayRead)
        #expect(self.run(&machine) == (["one"], .closeAfterWriting))
    }

    @Test func errorClosesOnceAndThenNothingMore() {
        var machine = self.machine()
        #expect(machine.errorCaught() == .close)
        #expect(machine.errorCaught() == .wait)
        machine.received(bytes("x\n"))
        #expect(self.run(&machine) == ([], .wait))
    }
}
