import BenchmarkSupport
import CAllocationCounter
import HangulCore
import HangulCoreTesting

#if canImport(Glibc)
    import Glibc
#endif

// The engine in process, against libhangul 0.2.0 on the same key stream, in the same run:
//   1. ns per key for each keyboard kind: our Composer and libhangul's hangul_ic_process, each
//      reading the commit and preedit after every key as a frontend does; interleaved rounds, the
//      median of each side;
//   2. allocations per key of our Composer in steady state, counted by interposing malloc, beside
//      a control loop that does allocate, so a counter that saw nothing would show.
// Prints markdown table rows on standard output (scripts/bench adds the header), notes on standard
// error. Usage: hangul-bench [--quick]
//        hangul-bench --profile ours|libhangul   types the dubeolsik stream into one engine for
//                                                about ten seconds and prints nothing, for perf record

let quick = CommandLine.arguments.dropFirst().contains("--quick")
if let flag = CommandLine.arguments.firstIndex(of: "--profile") {
    let engine = CommandLine.arguments.dropFirst(flag + 1).first ?? ""
    guard engine == "ours" || engine == "libhangul" else { fail("--profile takes ours or libhangul") }
    Profiling.run(engine: engine)
    exit(0)
}
let keyCount = quick ? 200_000 : 1_000_000
let rounds = quick ? 5 : 11

/// One layout per keyboard kind, the first of each list that is built in.
let kinds: [(kind: String, candidates: [String])] = [
    ("dubeolsik", ["2"]),
    ("sebeolsik", ["3f", "39"]),
    ("romaja", ["ro"]),
]

var checksum: UInt64 = 0

for (kind, candidates) in kinds {
    guard let layout = candidates.lazy.compactMap(Layout.named).first else {
        note("hangul-bench: no \(kind) layout built in (looked for \(candidates.joined(separator: ", ")))")
        ReportRow(figure: "engine, \(kind)", ours: "no layout \(candidates.joined(separator: "/")) yet").print()
        continue
    }
    let stream = KeyStream(layout: layout, count: keyCount)
    let shares = stream.shares
    note(
        "hangul-bench: \(kind) (\(layout.id)): \(stream.keys.count) keys, \(format(shares.space * 100, digits: 1))% "
            + "spaces, \(format(shares.backspace * 100, digits: 1))% BackSpace, "
            + "\(format(shares.punctuation * 100, digits: 1))% punctuation and digits; \(stream.text.count) characters "
            + "typed, \(stream.skipped) left out; it begins \"\(stream.text.prefix(12))\" = "
            + stream.cleanKeys.prefix(30).map(Checks.describe).joined())
    Checks.cleanStreamTypesItsText(stream, layout: layout)
    Checks.enginesAgree(on: stream.keys, layout: layout)

    let context = LibhangulContext(layout: layout)
    let codes = Engines.libhangulCodes(stream.keys)
    checksum &+= Engines.typeOurs(stream.keys, layout: layout) &+ Engines.typeLibhangul(codes, context: context)
    var ours = Samples()
    var theirs = Samples()
    for round in 0..<rounds {
        // Alternate which engine goes first, so a drift in the machine's speed hits both alike.
        let oursFirst = round % 2 == 0
        if !oursFirst { theirs.append(nanoseconds { checksum &+= Engines.typeLibhangul(codes, context: context) }) }
        ours.append(nanoseconds { checksum &+= Engines.typeOurs(stream.keys, layout: layout) })
        if oursFirst { theirs.append(nanoseconds { checksum &+= Engines.typeLibhangul(codes, context: context) }) }
    }
    let keys = Double(stream.keys.count)
    ReportRow.ratio(
        "engine ns/key, \(kind) (\(layout.id))", ours: ours.median() / keys, reference: theirs.median() / keys,
        unit: .nanoseconds, referenceName: "libhangul", atMost: 0.5
    ).print()

    allocationRows(stream: stream, layout: layout, context: context, name: "\(kind) (\(layout.id))")
}
note("hangul-bench: checksum \(checksum)")

/// Allocations per key in steady state (after one warm-up pass), ours beside libhangul's, and once
/// (on dubeolsik) a control loop that allocates, read through the same counter in the same run.
@MainActor
func allocationRows(stream: KeyStream, layout: Layout, context: LibhangulContext, name: String) {
    let keys = Double(stream.keys.count)
    let codes = Engines.libhangulCodes(stream.keys)
    func perKey(_ body: () -> UInt64) -> Double {
        let before = allocation_counter_allocations()
        checksum &+= body()
        return Double(allocation_counter_allocations() - before) / keys
    }
    let ours = perKey { Engines.typeOurs(stream.keys, layout: layout) }
    let theirs = perKey { Engines.typeLibhangul(codes, context: context) }
    ReportRow(
        figure: "allocations per key, \(name)", ours: format(ours, digits: 3),
        reference: "libhangul \(format(theirs, digits: 3))", target: "0", verdict: ours == 0 ? .pass : .short
    ).print()
    guard layout.kind == .jamo else { return }
    let control = perKey { Engines.typeOursAllocating(stream.keys, layout: layout) }
    // The control reads each preedit as an Array, which allocates whenever a preedit shows: a counter
    // that reports (nearly) nothing here is broken, and then the row above proves nothing.
    ReportRow(
        figure: "allocation counter control (an Array per preedit)", ours: format(control, digits: 3),
        target: "≥ 0.5 (counter works)", verdict: control >= 0.5 ? .pass : .short
    ).print()
    if control < 0.5 { fail("the allocation counter missed the control loop's allocations (\(control) per key)") }
}
