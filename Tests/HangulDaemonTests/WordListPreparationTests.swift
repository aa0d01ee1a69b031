import Foundation
import HangulCore
import Synchronization
import Testing

@testable import HangulWrongMode

/// ``WrongModeRuleSource/prepare()``: the daemon reads the English word list in the background when
/// its settings turn auto-fix on, so the first word's end does not wait for the read.
@Suite struct WordListPreparationTests {
    /// A word list file of its own in a fresh directory.
    private func wordListFile() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wordlist-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("words").path
        try "hello\nworld\n".write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func aSourceReadsNothingUntilItIsUsedOrPrepared() throws {
        let path = try wordListFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let source = WrongModeRuleSource(wordListAt: path)
        #expect(!source.isRead)
    }

    @Test func preparedTheListIsReadInTheBackgroundAndServesTheRuleAfterTheFileIsGone() throws {
        let path = try wordListFile()
        let source = WrongModeRuleSource(wordListAt: path)
        source.prepare()
        let deadline = Date().addingTimeInterval(20)
        while !source.isRead && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(source.isRead, "the list was not read within 20 s of prepare()")
        try FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
        // Read before the file went: dkssud still converts, and hello (now known English) stays.
        let layout = try #require(LayoutCatalog.builtIn.layout(named: "2"))
        #expect(source.fix("dkssud", layout: layout, options: ComposerOptions()) == "안녕")
        #expect(source.fix("hello", layout: layout, options: ComposerOptions()) == "hello")
    }

    @Test func wordEndsWithTheSameLayoutAndOptionsShareOneFixerAndAChangeBuildsAnother() throws {
        let source = WrongModeRuleSource(WordList(["hello", "world"]))
        let twoSet = try #require(LayoutCatalog.builtIn.layout(named: "2"))
        let threeSet = try #require(LayoutCatalog.builtIn.layout(named: "3f"))
        #expect(source.fix("dkssud", layout: twoSet, options: ComposerOptions()) == "안녕")
        #expect(source.fix("hello", layout: twoSet, options: ComposerOptions()) == "hello")
        #expect(source.fix("ㅗ디ㅣㅐ", layout: twoSet, options: ComposerOptions()) == "hello")
        #expect(source.fixersBuilt == 1)
        _ = source.fix("hello", layout: threeSet, options: ComposerOptions())
        #expect(source.fixersBuilt == 2)
        var other = ComposerOptions()
        other.combiOnDoubleStroke.toggle()
        _ = source.fix("hello", layout: threeSet, options: other)
        #expect(source.fixersBuilt == 3)
        _ = source.fix("hello", layout: threeSet, options: other)
        #expect(source.fixersBuilt == 3)
    }

    @Test func aReloadedListIsNotCheckedThroughTheFixerOfTheOldOne() throws {
        let path = try wordListFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let source = WrongModeRuleSource(wordListAt: path)
        let layout = try #require(LayoutCatalog.builtIn.layout(named: "2"))
        #expect(source.fix("ㅗ디ㅣㅐ", layout: layout, options: ComposerOptions()) == "hello")
        try "world\n".write(toFile: path, atomically: true, encoding: .utf8)
        source.reload()
        #expect(source.fix("ㅗ디ㅣㅐ", layout: layout, options: ComposerOptions()) == "ㅗ디ㅣㅐ")
        #expect(source.fixersBuilt == 2)
    }

    @Test func whileTheListIsReadTheReasonItCannotRunIsAnsweredWithoutWaitingForTheRead() throws {
        let path = try wordListFile()
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let reading = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        let source = WrongModeRuleSource(
            wordListAt: path,
            reading: { _ throws(WordListError) in
                reading.signal()
                finish.wait()
                return WordList(["hello"])
            })
        source.prepare()
        #expect(reading.wait(timeout: .now() + 20) == .success, "prepare() did not start the read within 20 s")
        // `status` asks this on the daemon's loop; the read holds the source's lock until `finish`.
        let answered = DispatchSemaphore(value: 0)
        let reason = Mutex<String??>(nil)
        Thread.detachNewThread {
            let found = source.unavailableReason
            reason.withLock { $0 = .some(found) }
            answered.signal()
        }
        let inTime = answered.wait(timeout: .now() + 10) == .success
        finish.signal()
        if !inTime { _ = answered.wait(timeout: .now() + 20) }
        #expect(inTime, "unavailableReason waited for the read under way")
        #expect(reason.withLock { $0 } == .some(nil), "the list's file is there, so the rule can run")
        let deadline = Date().addingTimeInterval(20)
        while !source.isRead && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(source.isRead, "the read that was let go did not end within 20 s")
    }
}
