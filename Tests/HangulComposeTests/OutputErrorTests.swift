import HangulCompose
import HangulComposeCommands
import Testing

/// Output that cannot be written is reported and ends the run with status 74, in every mode;
/// what was printed before an error message is written before it.
@Suite struct OutputErrorTests {
    nonisolated(unsafe) static let full: OutputBuffer.Sink = { _ in
        throw OutputError(destination: "standard output", reason: "No space left on device")
    }

    @Test(arguments: [
        ["dkssud"], ["--json", "dkssud"], ["--trace", "dkssud"], ["--list-layouts"], ["--reverse", "안녕"],
    ])
    func aFullDiskIsReported(arguments: [String]) throws {
        let result = try InProcess.run(arguments, outputSink: Self.full)
        #expect(result.status == 74)
        #expect(result.stderr == "hangul-compose: cannot write to standard output: No space left on device\n")
    }

    @Test func aWriteErrorInTheMiddleOfABatchStopsIt() throws {
        var writes = 0
        let result = try InProcess.run(
            [], input: Array(String(repeating: "dkssud\n", count: 1000).utf8), outputThreshold: 64,
            outputSink: { bytes in
                writes += 1
                if writes == 3 { throw OutputError(destination: "standard output", reason: "Broken pipe") }
            })
        #expect(result.status == 74)
        #expect(writes == 3)
        #expect(result.stderr == "hangul-compose: cannot write to standard output: Broken pipe\n")
    }

    @Test func outputBeforeAnErrorMessageIsWrittenFirst() throws {
        final class Log { var events: [String] = [] }
        let log = Log()
        let command = try ComposeCommand.parse([])
        let output = OutputBuffer { log.events.append("out: " + String(decoding: $0, as: UTF8.self)) }
        let errors = OutputBuffer(drainThreshold: 0) {
            log.events.append("err: " + String(decoding: $0, as: UTF8.self))
        }
        let status = try Compose(command: command).run(
            arguments: [], input: MemorySource(Array("rk\n<Foo>\nsk\n".utf8)), output: output, errors: errors,
            environment: { _ in nil })
        #expect(status == 1)
        #expect(
            log.events == [
                "out: 가\n", "err: hangul-compose: line 2: unknown key name \"Foo\" at position 2\n", "out: \n나\n",
            ])
    }

    @Test func aReadErrorIsReported() throws {
        struct Broken: ByteSource {
            func read(into buffer: UnsafeMutableRawBufferPointer) throws(InputError) -> Int {
                throw InputError(source: "standard input", reason: "Is a directory")
            }
        }
        let command = try ComposeCommand.parse([])
        final class Box { var text = "" }
        let box = Box()
        let status = try Compose(command: command).run(
            arguments: [], input: Broken(), output: OutputBuffer { _ in },
            errors: OutputBuffer(drainThreshold: 0) { box.text += String(decoding: $0, as: UTF8.self) },
            environment: { _ in nil })
        #expect(status == 74)
        #expect(box.text == "hangul-compose: cannot read standard input: Is a directory\n")
    }
}
