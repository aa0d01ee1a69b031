import BenchmarkSupport
import CAllocationCounter
import HangulHanja
import HangulKeys
import HangulProtocol

#if canImport(Glibc)
    import Glibc
#endif

// Hanja dictionary lookups in process, ours (HangulHanja) against libhangul's HanjaTable on the same
// file, libhangul-data's hanja.txt, in the same run:
//   0. the mapped index (HanjaIndexCache, issue 25): built by a child process into a temporary cache
//      directory, then mapped here first of all: RSS growth after the first lookup and after
//      lookups of every 100th key, and the time to map, check and look up once;
//   1. memory: this process's RSS growth when our table loads, measured first, before anything else
//      allocates; then libhangul's growth when its table loads (it keeps an index and reads the
//      file at each lookup);
//   2. load: our HanjaFiles.readTable (read, parse, index) against hanja_table_load, first once
//      with a lookup in the fresh process (page faults included, as in a daemon starting), then in
//      interleaved rounds, the median of each;
//   3. exact, prefix and suffix lookups of every 10th key of the file (libhangul's list freed after
//      each), then exact and prefix again with each candidate's value read on both sides, as a
//      frontend would; interleaved rounds, the median;
//   4. allocations per lookup of ours in steady state (after a warm-up pass), beside libhangul's.
// Before timing, both sides are checked to list the same number of candidates for every key timed.
// Prints markdown table rows on standard output (scripts/bench adds the header), notes on standard
// error. Usage: hanja-bench [--quick]
//        hanja-bench --profile load|exact|prefix|suffix   repeats one workload of ours for about ten
//                                                        seconds and prints nothing, for perf record

let quick = CommandLine.arguments.dropFirst().contains("--quick")
// `hanja-bench --build-cache DIR`: builds the system dictionary's index into DIR and exits (the
// child process of step 0, so this process's heap never holds a parse).
if let flag = CommandLine.arguments.firstIndex(of: "--build-cache"), flag + 1 < CommandLine.arguments.count {
    let table = try? HanjaIndexCache(directory: CommandLine.arguments[flag + 1]).table(HanjaFiles.systemDictionaryPath)
    exit(table?.isMapped == true ? 0 : 1)
}
if let flag = CommandLine.arguments.firstIndex(of: "--profile") {
    let what = CommandLine.arguments.dropFirst(flag + 1).first ?? ""
    guard let match = HanjaProfiling.Workload(rawValue: what) else {
        fail("--profile takes \(HanjaProfiling.Workload.allCases.map(\.rawValue).joined(separator: ", "))")
    }
    HanjaProfiling.run(match)
    exit(0)
}
let rounds = quick ? 3 : 11
let path = HanjaFiles.systemDictionaryPath
var checksum: UInt64 = 0

// 0. The mapped index, in a process that has not yet allocated much.
let cacheDirectory = "/tmp/hanja-bench-cache.\(getpid())"
guard let executable = realpath("/proc/self/exe", nil) else { fail("cannot resolve /proc/self/exe") }
guard system("'\(String(cString: executable))' --build-cache '\(cacheDirectory)'") == 0 else {
    fail("could not build the hanja index into \(cacheDirectory); install libhangul-data (scripts/setup)")
}
free(executable)
let residentBeforeMapped = residentBytes()
var mappedCandidates = HanjaCandidates()
var mappedTable: HanjaTable?
let mappedFirstLookup = nanoseconds {
    mappedTable = try? HanjaIndexCache(directory: cacheDirectory).table(path)
    if let mappedTable { HanjaDictionary(tables: [mappedTable]).lookup("한", .exact, into: &mappedCandidates) }
}
guard let mappedTable, mappedTable.isMapped else { fail("the cached index of \(path) was not mapped") }
let mappedGrowthFirst = residentBytes() - residentBeforeMapped
do {
    let mapped = HanjaDictionary(tables: [mappedTable])
    for index in stride(from: 0, to: mappedTable.keyCount, by: 100) {
        mapped.lookup(mappedTable.key(at: index), .prefix, into: &mappedCandidates)
        checksum &+= UInt64(mappedCandidates.count)
    }
}
let mappedGrowthMany = residentBytes() - residentBeforeMapped
_ = system("rm -rf '\(cacheDirectory)'")

// 1. Memory, ours parsed onto the heap.
let residentBefore = residentBytes()
var loaded: HanjaTable?
var candidates = HanjaCandidates()
let ourFirstLookup = nanoseconds {
    loaded = try? HanjaFiles.readTable(path)
    if let loaded { HanjaDictionary(tables: [loaded]).lookup("한", .exact, into: &candidates) }
}
guard let table = loaded else { fail("cannot read \(path); install libhangul-data (scripts/setup)") }
let dictionary = HanjaDictionary(tables: [table])
let ourGrowth = residentBytes() - residentBefore

let residentBeforeLibhangul = residentBytes()
var loadedLibhangul: LibhangulHanja?
let theirFirstLookup = nanoseconds {
    loadedLibhangul = LibhangulHanja(path: path)
    checksum &+= loadedLibhangul?.lookUp("한", .exact) ?? 0
}
guard let libhangul = loadedLibhangul else { fail("libhangul cannot load \(path)") }
let theirGrowth = residentBytes() - residentBeforeLibhangul
// The first load of the process, into memory never touched before, as a daemon's is: the page
// faults that later rounds (which reuse freed memory) avoid are in this figure.
ReportRow(
    figure: "hanja: load and first lookup, fresh process", ours: Unit.milliseconds.format(ourFirstLookup),
    reference: "libhangul \(Unit.milliseconds.format(theirFirstLookup))", ratio: ourFirstLookup / theirFirstLookup,
    target: "≤ 25 ms", verdict: ourFirstLookup <= 25e6 ? .pass : .short
).print()
ReportRow(
    figure: "hanja: index mapped from the cache, check and first lookup, fresh process",
    ours: Unit.milliseconds.format(mappedFirstLookup),
    reference: "libhangul \(Unit.milliseconds.format(theirFirstLookup))", ratio: mappedFirstLookup / theirFirstLookup,
    target: "≤ 25 ms", verdict: mappedFirstLookup <= 25e6 ? .pass : .short
).print()
ReportRow(
    figure: "hanja: RSS growth, index mapped from the cache, first lookup",
    ours: Unit.megabytes.format(mappedGrowthFirst),
    reference:
        "parsed onto the heap \(Unit.megabytes.format(ourGrowth)), libhangul \(Unit.megabytes.format(theirGrowth))",
    ratio: mappedGrowthFirst / ourGrowth, target: "—", verdict: .none
).print()
ReportRow(
    figure: "hanja: RSS growth, index mapped, after prefix lookups of every 100th key",
    ours: Unit.megabytes.format(mappedGrowthMany),
    reference: "parsed onto the heap \(Unit.megabytes.format(ourGrowth))",
    ratio: mappedGrowthMany / ourGrowth, target: "—", verdict: .none
).print()
ReportRow(
    figure: "hanja: RSS growth with hanja.txt parsed onto the heap", ours: Unit.megabytes.format(ourGrowth),
    reference: "libhangul \(Unit.megabytes.format(theirGrowth))", target: "≤ 20 MB",
    verdict: ourGrowth <= 20e6 ? .pass : .short
).print()
note(
    "hanja-bench: \(path): \(table.entryCount) entries, \(table.keyCount) keys, \(table.problems.count) lines "
        + "skipped; libhangul keeps an index and reads the file at each lookup, so its RSS stays small")

// 2. Load.
var oursLoad = Samples()
var theirsLoad = Samples()
for round in 0..<rounds {
    func loadOurs() {
        oursLoad.append(nanoseconds { checksum &+= UInt64((try? HanjaFiles.readTable(path))?.entryCount ?? 0) })
    }
    func loadTheirs() {
        var loaded: LibhangulHanja?
        theirsLoad.append(nanoseconds { loaded = LibhangulHanja(path: path) })
        checksum &+= loaded == nil ? 0 : 1
    }
    if round % 2 == 0 {
        loadOurs()
        loadTheirs()
    } else {
        loadTheirs()
        loadOurs()
    }
}
// The issue's target is "load ≤ 0.25× libhangul's, or lazy: the first lookup answered within 25 ms
// of start-up". hanguld loads lazily, on the first hanja key, so the first row above is the one the
// daemon meets; this row, an eager load timed in a loop, passes on its own ratio or through it.
let loadRatio = oursLoad.median() / theirsLoad.median()
ReportRow(
    figure: "hanja: load hanja.txt", ours: Unit.milliseconds.format(oursLoad.median()),
    reference: "libhangul \(Unit.milliseconds.format(theirsLoad.median()))", ratio: loadRatio,
    target: "≤ 0.25× or lazy (first row)",
    verdict: loadRatio <= 0.25 || ourFirstLookup <= 25e6 ? .pass : .short
).print()

// 3. Lookups of every 10th key.
var keys: [String] = []
for index in stride(from: 0, to: table.keyCount, by: 10) {
    keys.append(table.key(at: index))
}
let cKeys: [[CChar]] = keys.map { Array($0.utf8CString) }
note("hanja-bench: \(keys.count) keys timed (every 10th key of the file), \(rounds) rounds")

@MainActor func oursPass(_ match: HanjaMatch, readValues: Bool = true) -> UInt64 {
    oursPass(match, dictionary, keys, &candidates, readValues: readValues)
}

/// Our lookups with everything in locals, as a session holds them (globals of top-level code cost
/// exclusivity checks that no real caller pays).
func oursPass(
    _ match: HanjaMatch, _ dictionary: HanjaDictionary, _ keys: [String], _ candidates: inout HanjaCandidates,
    readValues: Bool = true
) -> UInt64 {
    var sum: UInt64 = 0
    for key in keys {
        dictionary.lookup(key, match, into: &candidates)
        sum &+= UInt64(candidates.count)
        guard readValues else { continue }
        for index in candidates.indices {
            sum &+= candidates.withUTF8(.value, at: index) { UInt64($0.first ?? 0) }
        }
    }
    return sum
}

@MainActor func theirsPass(_ match: LibhangulHanja.Match, readValues: Bool = true) -> UInt64 {
    theirsPass(match, libhangul, cKeys, readValues: readValues)
}

func theirsPass(
    _ match: LibhangulHanja.Match, _ libhangul: LibhangulHanja, _ cKeys: [[CChar]], readValues: Bool = true
) -> UInt64 {
    var sum: UInt64 = 0
    for key in cKeys {
        sum &+= key.withUnsafeBufferPointer { key in
            key.baseAddress.map { libhangul.lookUp($0, match, readValues: readValues) } ?? 0
        }
    }
    return sum
}

let matches: [(name: String, ours: HanjaMatch, theirs: LibhangulHanja.Match, target: Double?)] = [
    ("exact", .exact, .exact, 0.1),
    ("prefix", .prefix, .prefix, 0.25),
    ("suffix", .suffix, .suffix, nil),
]
for match in matches {
    let oursSum = oursPass(match.ours)
    let theirsSum = theirsPass(match.theirs)
    if oursSum != theirsSum {
        fail(
            "\(match.name) lookups disagree with libhangul's (checksums \(oursSum) and \(theirsSum)); "
                + "run scripts/differential --hanja")
    }
    // The list alone, as hanja_table_match_* returns it (and hanja_list_delete frees it); then the
    // list with every candidate's value read, as a frontend showing it would. Our values are read
    // where the file's bytes lie, which a lookup has not touched yet; libhangul's were just copied.
    for readValues in [false, true] where !readValues || match.ours != .suffix {
        var ours = Samples()
        var theirs = Samples()
        for round in 0..<rounds {
            if round % 2 == 1 {
                theirs.append(nanoseconds { checksum &+= theirsPass(match.theirs, readValues: readValues) })
            }
            ours.append(nanoseconds { checksum &+= oursPass(match.ours, readValues: readValues) })
            if round % 2 == 0 {
                theirs.append(nanoseconds { checksum &+= theirsPass(match.theirs, readValues: readValues) })
            }
        }
        let count = Double(keys.count)
        ReportRow.ratio(
            "hanja: \(match.name) lookup" + (readValues ? ", each value read" : ""), ours: ours.median() / count,
            reference: theirs.median() / count, unit: .nanoseconds, referenceName: "libhangul", atMost: match.target
        ).print()
    }
}

// 4. Allocations per lookup, after the passes above warmed the candidate list up.
@MainActor func allocationsPerLookup(_ body: () -> UInt64) -> Double {
    let before = allocation_counter_allocations()
    checksum &+= body()
    return Double(allocation_counter_allocations() - before) / Double(keys.count * matches.count)
}
let ourAllocations = allocationsPerLookup { matches.reduce(0) { $0 &+ oursPass($1.ours) } }
let theirAllocations = allocationsPerLookup { matches.reduce(0) { $0 &+ theirsPass($1.theirs) } }
ReportRow(
    figure: "hanja: allocations per lookup", ours: format(ourAllocations, digits: 3),
    reference: "libhangul \(format(theirAllocations, digits: 1))", target: "0",
    verdict: ourAllocations == 0 ? .pass : .short
).print()
// 5. Typing with conversion on: a session's InputContext holding the loaded dictionary, no list
// open, keys pressed and released. The issue asks for no allocation on this path; the libhangul
// figure above shows the counter counting in this process.
var typing = InputContext()
typing.hanja = HanjaDictionarySource(dictionary)
let typed: [KeyEvent] = Array(repeating: Array("dkssudgktpdy gksrmf dlqfur.".utf8), count: 200).flatMap { $0 }
    .flatMap { byte in
        let keysym = Keysym(rawValue: UInt32(byte))
        return [KeyEvent(keysym: keysym), KeyEvent(keysym: keysym, isRelease: true)]
    }
for event in typed { checksum &+= UInt64(typing.handle(event).preedit.count) }
let typingBefore = allocation_counter_allocations()
for event in typed { checksum &+= UInt64(typing.handle(event).preedit.count) }
let typingAllocations = Double(allocation_counter_allocations() - typingBefore) / Double(typed.count)
ReportRow(
    figure: "hanja: allocations per key event typed, dictionary set, no list open",
    ours: format(typingAllocations, digits: 3), target: "0", verdict: typingAllocations == 0 ? .pass : .short
).print()
// The same keys in word-commit mode, after a first pass has grown the word's storage to the
// longest word: the word is kept in place and every step's text is a view of it.
var wordTyping = InputContext(commitUnit: .word)
wordTyping.hanja = HanjaDictionarySource(dictionary)
for event in typed { checksum &+= UInt64(wordTyping.handle(event).preedit.count) }
let wordBefore = allocation_counter_allocations()
for event in typed { checksum &+= UInt64(wordTyping.handle(event).preedit.count) }
let wordAllocations = Double(allocation_counter_allocations() - wordBefore) / Double(typed.count)
ReportRow(
    figure: "hanja: allocations per key event typed in word-commit mode, no list open",
    ours: format(wordAllocations, digits: 3), target: "0", verdict: wordAllocations == 0 ? .pass : .short
).print()
// Both units again, each key's result written as the daemon writes a `key` reply, into one reused
// writer: the path a word takes to the wire (`WordText` straight into JSON) allocates nothing either.
var replyWriter = JSONWriter(capacity: 1024)
@MainActor func allocationsTypingAndWriting(_ context: inout InputContext) -> Double {
    for event in typed {
        replyWriter.removeAll()
        KeyStateResult(context.handle(event), page: nil).write(to: &replyWriter)
        checksum &+= UInt64(replyWriter.bytes.count)
    }
    let before = allocation_counter_allocations()
    for event in typed {
        replyWriter.removeAll()
        KeyStateResult(context.handle(event), page: nil).write(to: &replyWriter)
        checksum &+= UInt64(replyWriter.bytes.count)
    }
    return Double(allocation_counter_allocations() - before) / Double(typed.count)
}
for wordMode in [false, true] {
    var context = InputContext(commitUnit: wordMode ? .word : .syllable)
    context.hanja = HanjaDictionarySource(dictionary)
    let allocations = allocationsTypingAndWriting(&context)
    ReportRow(
        figure: "hanja: allocations per key event typed and written as a reply, \(context.commitUnit.rawValue) mode",
        ours: format(allocations, digits: 3), target: "0", verdict: allocations == 0 ? .pass : .short
    ).print()
}
note("hanja-bench: checksum \(checksum)")
