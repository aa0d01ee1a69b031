import Synchronization
import Testing

@testable import HangulLog

struct DaemonLogTests {
    @Test func theLevelsAreWhatLogLevelAcceptsLeastFirst() {
        #expect(
            DaemonLog.Level.allCases.map(\.rawValue) == [
                "trace", "debug", "info", "notice", "warning", "error", "critical",
            ])
        #expect(DaemonLog.Level.allCases.sorted() == DaemonLog.Level.allCases)
        #expect(DaemonLog.Level(rawValue: "chatty") == nil)
    }

    @Test func aRecordBelowTheLevelIsDroppedWithoutBuildingItsMessage() {
        let kept = Recorder()
        let log = DaemonLog(label: "hanguld", level: .notice, sink: kept.sink)
        var built = 0
        func message(_ text: String) -> String {
            built += 1
            return text
        }
        log.info(message("dropped"))
        log.notice(message("kept"))
        log.critical(message("kept too"))
        #expect(built == 2)
        #expect(kept.records.map(\.message) == ["kept", "kept too"])
        #expect(kept.records.map(\.level) == [.notice, .critical])
        #expect(!log.logs(.debug) && log.logs(.notice))
    }

    @Test func aRecordCarriesTheLogsMetadataWithTheCallsOverIt() {
        let kept = Recorder()
        var log = DaemonLog(label: "hanguld", level: .trace, sink: kept.sink)
        log[metadataKey: "connection"] = "3"
        log[metadataKey: "active"] = "1"
        log.info("connection closed", metadata: ["active": "0", "bytes-in": "17"])
        #expect(
            kept.records == [
                DaemonLog.Record(
                    level: .info, label: "hanguld", message: "connection closed",
                    metadata: ["connection": "3", "active": "0", "bytes-in": "17"])
            ])
        #expect(kept.records.first?.line == "info hanguld: connection closed active=0 bytes-in=17 connection=3")
        #expect(log[metadataKey: "connection"] == "3")
    }

    @Test func aLineWithoutMetadataEndsWithItsMessage() {
        let record = DaemonLog.Record(level: .warning, label: "hanguld", message: "stale socket", metadata: [:])
        #expect(record.line == "warning hanguld: stale socket")
    }

    @Test func theTimestampIsLocalTimeWithItsOffsetIn24Characters() {
        let stamp = Array(DaemonLog.timestamp().utf8)
        #expect(stamp.count == 24)
        // YYYY-MM-DDTHH:MM:SS±ZZZZ
        let digits = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22, 23]
        #expect(digits.allSatisfy { stamp[$0] >= UInt8(ascii: "0") && stamp[$0] <= UInt8(ascii: "9") })
        #expect(stamp[4] == UInt8(ascii: "-") && stamp[10] == UInt8(ascii: "T") && stamp[16] == UInt8(ascii: ":"))
        #expect(stamp[19] == UInt8(ascii: "+") || stamp[19] == UInt8(ascii: "-"))
    }
}

/// A sink that keeps the records it is given.
private final class Recorder: Sendable {
    private let kept = Mutex<[DaemonLog.Record]>([])

    var records: [DaemonLog.Record] { self.kept.withLock { $0 } }

    var sink: DaemonLog.Sink {
        { record in self.kept.withLock { $0.append(record) } }
    }
}
