import CLibhangul
import HangulCore

#if canImport(Glibc)
    import Glibc
#endif

// Per-key cost of our Composer against libhangul 0.2.0 on the same key stream, in one run. Both
// sides produce what a frontend needs after every key: the commit and the current preedit.
//
// The stream is realistic text: random modern syllables spelled on dubeolsik, with a space every
// few syllables. Each engine types it `rounds` times; the best round counts, since a shared
// machine only ever adds noise.

/// A deterministic stream of dubeolsik keys.
func keyStream(syllables: Int) -> [UInt8] {
    let initials = ["r", "R", "s", "e", "E", "f", "a", "q", "Q", "t", "T", "d", "w", "W", "c", "z", "x", "v", "g"]
    let medials = [
        "k", "o", "i", "O", "j", "p", "u", "P", "h", "hk", "ho", "hl", "y", "n", "nj", "np", "nl", "b", "m", "ml", "l",
    ]
    let finals = [
        "", "r", "R", "rt", "s", "sw", "sg", "e", "f", "fr", "fa", "fq", "ft", "fx", "fv", "fg", "a", "q", "qt", "t",
        "T", "d", "w", "c", "z", "x", "v", "g",
    ]
    var state: UInt64 = 0x2B_EA_C0DE
    func next() -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(truncatingIfNeeded: state >> 33)
    }
    var keys: [UInt8] = []
    for index in 0..<syllables {
        keys += Array((initials[next() % 19] + medials[next() % 21] + finals[next() % 28]).utf8)
        if index % 4 == 3 { keys.append(UInt8(ascii: " ")) }
    }
    return keys
}

func nanoseconds(_ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    let elapsed = clock.measure(body)
    return Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
}

let keys = keyStream(syllables: 250_000)
let positions = keys.map { KeyPosition(ascii: $0) }
let rounds = 7
var checksum: UInt64 = 0

var ours = Double.infinity
for _ in 0..<rounds {
    var composer = Composer()
    ours = min(
        ours,
        nanoseconds {
            for position in positions {
                if let position {
                    let output = composer.process(position)
                    checksum &+= UInt64(output.commit.count &+ output.preedit.count)
                } else {
                    checksum &+= UInt64(composer.flush().count)
                }
            }
        })
}

var theirs = Double.infinity
for _ in 0..<rounds {
    guard let context = hangul_ic_new("2") else { fatalError("libhangul has no keyboard 2") }
    theirs = min(
        theirs,
        nanoseconds {
            for key in keys {
                _ = hangul_ic_process(context, Int32(key))
                if let commit = hangul_ic_get_commit_string(context), commit.pointee != 0 { checksum &+= 1 }
                if let preedit = hangul_ic_get_preedit_string(context), preedit.pointee != 0 { checksum &+= 1 }
            }
        })
    hangul_ic_delete(context)
}

let perKeyOurs = ours / Double(keys.count)
let perKeyTheirs = theirs / Double(keys.count)
print("keys per round: \(keys.count), best of \(rounds) rounds")
print("Composer.process  \(String(format2(perKeyOurs))) ns/key")
print("libhangul         \(String(format2(perKeyTheirs))) ns/key")
print("ratio (ours/libhangul): \(format2(perKeyOurs / perKeyTheirs))  (checksum \(checksum % 10))")

func format2(_ value: Double) -> String {
    let scaled = (value * 100).rounded() / 100
    return "\(scaled)"
}
