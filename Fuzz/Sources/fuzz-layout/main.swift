import HangulFuzzTargets

// libFuzzer supplies main() and calls this once per input. A failed check traps on purpose, which
// libFuzzer reports as a crash and saves the input.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let problems = LayoutTarget.problems(UnsafeBufferPointer(start: data, count: size))
    if !problems.isEmpty { fatalError("layout check failed: " + problems.joined(separator: "; ")) }
    return 0
}
