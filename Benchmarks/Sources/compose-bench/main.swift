// Whole-process `hangul-compose` against a small C program driving libhangul the same way
// (`libhangul-compose`), on the same corpus of Korean prose typed as dubeolsik keys, in the same
// run; then `--fix` on one long line against the same text in short lines, then peak memory on one
// very long line. Prints rows of the benchmark table.
//
// The corpus is the engine benchmark's key stream (Korean sentences spelled by the tests' KeySpeller,
// typos taken back with BackSpace, words retyped) cut into lines of about 57 bytes at spaces:
// 2.75 MB and 48,000 lines, the size of the run in issue 16. Both programs read it from a file on
// standard input and write to a file; both outputs must be identical (ours with extended-vowels
// off, libhangul's strict behaviour) or the run fails. Rounds alternate the programs; the median
// of each is reported. Times are CPU time (user plus system, from wait4), which on a shared machine
// depends far less on what else runs than wall time does.
//
// Usage: compose-bench [--quick] PATH-TO-hangul-compose PATH-TO-libhangul-compose
import BenchmarkSupport
import HangulCore

#if canImport(Glibc)
    import Glibc
#endif

var arguments = Array(CommandLine.arguments.dropFirst())
// Helper mode, `compose-bench --peak-rss INPUT OUTPUT COMMAND…`: runs the command and prints its
// peak resident set in bytes. Linux keeps the peak of the memory a process had before exec in the
// child's ru_maxrss, and posix_spawn starts children from the caller's memory, so a child of this
// benchmark (which holds the corpus) would report at least the benchmark's own size; a small fresh
// process in between reports the child's own peak.
if arguments.first == "--peak-rss", arguments.count >= 4 {
    print(Int(run(Array(arguments.dropFirst(3)), input: arguments[1], output: arguments[2]).peakBytes))
    exit(0)
}
let quick = arguments.first == "--quick"
if quick { arguments.removeFirst() }
guard arguments.count == 2 else {
    fail("usage: compose-bench [--quick] PATH-TO-hangul-compose PATH-TO-libhangul-compose")
}
let (compose, reference) = (arguments[0], arguments[1])

let corpusBytes = quick ? 300_000 : 2_750_000
let rounds = quick ? 3 : 9

/// The key stream as lines of key notation.
func corpus(bytes: Int) -> [UInt8] {
    let stream = KeyStream(layout: .dubeolsik, count: bytes)
    var result: [UInt8] = []
    result.reserveCapacity(bytes + 64 * 1024)
    var lineLength = 0
    for key in stream.keys {
        switch key {
        case .position(let position):
            result.append(position.ascii)
            lineLength += 1
        case .backspace:
            result += Array("<BackSpace>".utf8)
            lineLength += 11
        case .space:
            if lineLength >= 57 {
                result.append(0x0A)
                lineLength = 0
            } else {
                result.append(0x20)
                lineLength += 1
            }
        }
        if result.count >= bytes, lineLength == 0 { break }
    }
    if lineLength > 0 { result.append(0x0A) }
    return result
}

/// Writes bytes to a new file in a private temporary directory.
func temporaryFile(_ name: String, _ bytes: [UInt8]) -> String {
    let path = directory + "/" + name
    guard let file = fopen(path, "w") else { fail("cannot create \(path)") }
    defer { fclose(file) }
    if !bytes.isEmpty, fwrite(bytes, 1, bytes.count, file) != bytes.count { fail("cannot write \(path)") }
    return path
}

func readFile(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "r") else { fail("cannot read \(path)") }
    defer { fclose(file) }
    var result: [UInt8] = []
    var block = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = fread(&block, 1, block.count, file)
        if count == 0 { break }
        result += block[0..<count]
    }
    return result
}

/// Runs a program with standard input and output redirected to files; returns its CPU time (user
/// and system) in nanoseconds and the peak resident set in bytes (`ru_maxrss`, see `--peak-rss`).
func run(_ command: [String], input: String, output: String) -> (time: Double, peakBytes: Double) {
    var pid: pid_t = 0
    var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, input, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    var usage = rusage()
    var status: Int32 = 0
    let spawned = posix_spawn(&pid, command[0], &actions, nil, &argv, environ)
    if spawned != 0 { fail("cannot start \(command[0]): error \(spawned)") }
    while wait4(pid, &status, 0, &usage) < 0 {
        if errno != EINTR { fail("wait4 failed for \(command[0])") }
    }
    if status != 0 { fail("\(command.joined(separator: " ")) ended with wait status \(status)") }
    let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
    let microseconds = Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
    return (seconds * 1e9 + microseconds * 1e3, Double(usage.ru_maxrss) * 1024)
}

/// The peak resident set of a command, measured through a fresh helper process (`--peak-rss`).
func peakBytes(_ command: [String], input: String) -> Double {
    let report = directory + "/peak"
    _ = run(
        [ownExecutable, "--peak-rss", input, directory + "/long-out"] + command, input: "/dev/null", output: report)
    guard let bytes = Double(String(decoding: readFile(report).filter { $0 != 0x0A }, as: UTF8.self)) else {
        fail("compose-bench --peak-rss printed no number")
    }
    return bytes
}

/// This executable, to start it again as the `--peak-rss` helper.
let ownExecutable: String = {
    var path = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &path, path.count - 1)
    guard length > 0 else { fail("cannot read /proc/self/exe") }
    return String(decoding: path.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}()

var template = Array("/tmp/compose-bench-XXXXXX".utf8CString)
guard let made = template.withUnsafeMutableBufferPointer({ $0.baseAddress.flatMap { mkdtemp($0) } }) else {
    fail("cannot create a temporary directory")
}
let directory = String(cString: made)
defer {
    for name in [
        "corpus", "ours", "json", "reference", "long", "long-out", "short", "peak", "fix-long", "fix-long-out",
        "fix-short-out",
    ] {
        unlink(directory + "/" + name)
    }
    rmdir(directory)
}

let corpusText = corpus(bytes: corpusBytes)
let corpusPath = temporaryFile("corpus", corpusText)
// COMPOSE_BENCH_CORPUS=PATH keeps a copy of the corpus there, to profile either program on it.
if let keep = getenv("COMPOSE_BENCH_CORPUS") {
    guard let file = fopen(keep, "w") else { fail("cannot create \(String(cString: keep))") }
    _ = fwrite(corpusText, 1, corpusText.count, file)
    fclose(file)
}
let lines = corpusText.count { $0 == 0x0A }
note(
    "compose-bench: corpus of \(corpusText.count) bytes in \(lines) lines of dubeolsik keys, \(rounds) rounds")

let ours = [compose, "--option", "extended-vowels=off"]
let oursOutput = directory + "/ours"
let jsonOutput = directory + "/json"
let referenceOutput = directory + "/reference"
var oursTimes = Samples()
var jsonTimes = Samples()
var referenceTimes = Samples()
for _ in 0..<rounds {
    referenceTimes.append(run([reference, "2"], input: corpusPath, output: referenceOutput).time)
    oursTimes.append(run(ours, input: corpusPath, output: oursOutput).time)
    jsonTimes.append(run(ours + ["--json"], input: corpusPath, output: jsonOutput).time)
}
let oursText = readFile(oursOutput)
let referenceText = readFile(referenceOutput)
guard oursText == referenceText else {
    fail(
        "hangul-compose and libhangul-compose printed different text for the corpus (\(oursOutput), \(referenceOutput))"
    )
}
guard readFile(jsonOutput).count > oursText.count else { fail("hangul-compose --json printed less than the text") }

let megabytes = BenchmarkSupport.format(Double(corpusText.count) / 1e6, digits: 2)
let plainMedian = oursTimes.median()
ReportRow.ratio(
    "hangul-compose whole process, \(megabytes) MB of keys (\(lines) lines), CPU time", ours: plainMedian,
    reference: referenceTimes.median(), unit: .milliseconds, referenceName: "C + libhangul", atMost: 0.6
).print()
ReportRow.ratio(
    "hangul-compose --json, same keys, CPU time", ours: jsonTimes.median(), reference: plainMedian, unit: .milliseconds,
    referenceName: "plain", atMost: 3.0
).print()

// `--fix` on one long line against the same text in its short lines (issue 23, fault 9): the fixer
// gathered its output with `String.UnicodeScalarView.append(contentsOf:)`, which copied the line so
// far on every run of letters, so a 2 MB line took 9.35 s where its short lines took 0.84 s. Linear
// work makes the ratio about 1 whatever the length. The text is the corpus (runs of letters typed
// as Korean or kept as English words); short is its lines, long the same bytes with spaces for the
// line feeds. Both outputs must hold the same text or the run fails.
let fixRounds = quick ? 3 : 5
let fixLongText = corpusText.map { $0 == 0x0A ? 0x20 : $0 }
let fixLongPath = temporaryFile("fix-long", Array(fixLongText.dropLast()) + [0x0A])
var fixLongTimes = Samples()
var fixShortTimes = Samples()
let fixLongOutput = directory + "/fix-long-out"
let fixShortOutput = directory + "/fix-short-out"
for _ in 0..<fixRounds {
    fixShortTimes.append(run([compose, "--fix"], input: corpusPath, output: fixShortOutput).time)
    fixLongTimes.append(run([compose, "--fix"], input: fixLongPath, output: fixLongOutput).time)
}
guard
    readFile(fixLongOutput).map({ $0 == 0x0A ? 0x20 : $0 }) == readFile(fixShortOutput).map({ $0 == 0x0A ? 0x20 : $0 })
else {
    fail("hangul-compose --fix gave different text for the corpus in one line and in its lines (\(fixLongOutput))")
}
ReportRow.ratio(
    "hangul-compose --fix, one \(megabytes) MB line, CPU time", ours: fixLongTimes.median(),
    reference: fixShortTimes.median(), unit: .milliseconds, referenceName: "the same text in \(lines) lines",
    atMost: 1.5
).print()

// Memory on one line of 10 MB (5 MB with --quick): the input is streamed, so the peak stays near
// that of a short input; what grows is the text the line types (about a byte per key here).
let longLine = corpusText.map { $0 == 0x0A ? 0x20 : $0 }
var long: [UInt8] = []
let longBytes = quick ? 5_000_000 : 10_000_000
while long.count < longBytes { long += longLine }
long.append(0x0A)
let longPath = temporaryFile("long", long)
let shortPath = temporaryFile("short", Array("dkssudgktpdy\n".utf8))
let longPeak = peakBytes([compose], input: longPath)
let shortPeak = peakBytes([compose], input: shortPath)
ReportRow.ratio(
    "hangul-compose peak RSS, one \(longBytes / 1_000_000) MB line", ours: longPeak, reference: shortPeak,
    unit: .megabytes, referenceName: "one short line", atMost: nil
).print()
