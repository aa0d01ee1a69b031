import ArgumentParser

@testable import HangulCompose
@testable import HangulComposeCommands

/// `hangul-compose` run in this process on memory streams: what it printed, reported and returned.
struct InProcess {
    var stdout: String
    var stderr: String
    var status: Int32
    var stdoutBytes: [UInt8]

    /// Collects what a sink is given.
    final class Collector {
        var bytes: [UInt8] = []
        var string: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// Parses `arguments` as the command line would, then runs on `input` served in blocks of
    /// `blockSize` bytes, with no user layouts and no daemon socket in the environment.
    static func run(
        _ arguments: [String], input: [UInt8] = [], blockSize: Int = 1 << 16, rawArguments: [[UInt8]]? = nil,
        outputThreshold: Int = 1 << 16, heldLimit: Int = 1 << 20,
        outputSink: OutputBuffer.Sink? = nil
    ) throws -> InProcess {
        try run(
            ComposeCommand.parse(arguments), input: input, blockSize: blockSize, rawArguments: rawArguments,
            outputThreshold: outputThreshold, heldLimit: heldLimit, outputSink: outputSink)
    }

    /// Runs a command already parsed, as ``run(_:input:blockSize:rawArguments:outputThreshold:heldLimit:outputSink:)``.
    static func run(
        _ command: ComposeCommand, input: [UInt8] = [], blockSize: Int = 1 << 16, rawArguments: [[UInt8]]? = nil,
        outputThreshold: Int = 1 << 16, heldLimit: Int = 1 << 20,
        outputSink: OutputBuffer.Sink? = nil
    ) throws -> InProcess {
        let out = Collector()
        let err = Collector()
        let output = OutputBuffer(
            drainThreshold: outputThreshold, heldLimit: heldLimit,
            sink: outputSink ?? { out.bytes.append(contentsOf: $0) })
        let errors = OutputBuffer(drainThreshold: 0) { err.bytes.append(contentsOf: $0) }
        let status = try Compose(command: command).run(
            arguments: rawArguments ?? command.keys.map { Array($0.utf8) },
            input: MemorySource(input, blockSize: blockSize), output: output, errors: errors,
            environment: { $0 == "XDG_CONFIG_HOME" ? "/nonexistent" : nil })
        return InProcess(stdout: out.string, stderr: err.string, status: status, stdoutBytes: out.bytes)
    }

    static func run(_ arguments: [String], input: String, blockSize: Int = 1 << 16) throws -> InProcess {
        try run(arguments, input: Array(input.utf8), blockSize: blockSize)
    }

    /// The message ArgumentParser would print for a command line it rejects.
    static func usageError(_ arguments: [String]) -> String? {
        do {
            let command = try ComposeCommand.parse(arguments)
            _ = try run(arguments, rawArguments: command.keys.map { Array($0.utf8) })
            return nil
        } catch {
            return ComposeCommand.message(for: error)
        }
    }
}
