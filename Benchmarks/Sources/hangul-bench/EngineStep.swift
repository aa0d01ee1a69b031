import BenchmarkSupport
import HangulCore

/// What one key did in an engine, as a frontend sees it: for the checks, not the timed loops.
struct EngineStep: Equatable, CustomStringConvertible {
    var consumed: Bool
    var commit: [UInt32]
    var preedit: [UInt32]

    var description: String {
        let show = { (scalars: [UInt32]) in String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init))) }
        return "consumed \(consumed), commit \"\(show(commit))\", preedit \"\(show(preedit))\""
    }
}

extension Composer {
    /// One key as a frontend drives our engine: space commits the preedit and goes through.
    mutating func step(_ key: TypedKey) -> EngineStep {
        switch key {
        case .position(let position):
            let output = process(position)
            return EngineStep(consumed: output.consumed, commit: output.commit.scalars, preedit: output.preedit.scalars)
        case .space:
            return EngineStep(consumed: false, commit: flush().scalars, preedit: [])
        case .backspace:
            let output = backspace()
            return EngineStep(consumed: output.consumed, commit: output.commit.scalars, preedit: output.preedit.scalars)
        }
    }
}
