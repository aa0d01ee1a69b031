import BenchmarkSupport
import HangulCore

/// One engine alone on the dubeolsik stream, so a profiler's samples are all that engine's.
enum Profiling {
    static func run(engine: String) {
        let stream = KeyStream(layout: .dubeolsik, count: 1_000_000)
        let context = LibhangulContext(layout: .dubeolsik)
        let codes = Engines.libhangulCodes(stream.keys)
        var checksum: UInt64 = 0
        let start = monotonicNanoseconds()
        while monotonicNanoseconds() - start < 10e9 {
            if engine == "ours" {
                checksum &+= Engines.typeOurs(stream.keys, layout: .dubeolsik)
            } else {
                checksum &+= Engines.typeLibhangul(codes, context: context)
            }
        }
        note("checksum \(checksum)")
    }
}
