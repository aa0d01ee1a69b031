/// One row of the benchmark table: a figure, ours beside its reference, and the target.
///
/// Every executable prints its rows as markdown lines on standard output; `scripts/bench` puts the
/// header above them. Diagnostics go to standard error, so the table stays clean.
public struct ReportRow: Sendable {
    /// Whether a figure meets its target.
    public enum Verdict: String, Sendable {
        case pass
        case short
        /// A figure shown for information, with no target.
        case none = "—"
    }

    public var figure: String
    public var ours: String
    public var reference: String
    public var ratio: Double?
    public var target: String
    public var verdict: Verdict

    public init(
        figure: String, ours: String, reference: String = "—", ratio: Double? = nil, target: String = "—",
        verdict: Verdict = .none
    ) {
        self.figure = figure
        self.ours = ours
        self.reference = reference
        self.ratio = ratio
        self.target = target
        self.verdict = verdict
    }

    /// A row whose target is a ceiling on the ratio ours / reference.
    public static func ratio(
        _ figure: String, ours: Double, reference: Double, unit: Unit, referenceName: String, atMost limit: Double?
    ) -> ReportRow {
        let ratio = ours / reference
        return ReportRow(
            figure: figure,
            ours: unit.format(ours),
            reference: "\(referenceName) \(unit.format(reference))",
            ratio: ratio,
            target: limit.map { "≤ \(format($0, digits: 2))×" } ?? "—",
            verdict: limit.map { ratio <= $0 ? .pass : .short } ?? .none
        )
    }

    /// The markdown table line.
    public var markdown: String {
        let ratioText = ratio.map { format($0, digits: 2) + "×" } ?? "—"
        return "| \(figure) | \(ours) | \(reference) | \(ratioText) | \(target) | \(verdict.rawValue) |"
    }

    /// Prints the row on standard output.
    public func print() { Swift.print(markdown) }
}

/// How a measured quantity is written in the table.
public enum Unit: Sendable {
    case nanoseconds
    case microseconds
    case milliseconds
    case megabytes
    case kibibytes
    case perSecond

    /// The value (nanoseconds, bytes or a rate) in this unit, with the unit's symbol.
    public func format(_ value: Double) -> String {
        switch self {
        case .nanoseconds: "\(BenchmarkSupport.format(value, digits: 1)) ns"
        case .microseconds: "\(BenchmarkSupport.format(value / 1e3, digits: 1)) µs"
        case .milliseconds: "\(BenchmarkSupport.format(value / 1e6, digits: 1)) ms"
        case .megabytes: "\(BenchmarkSupport.format(value / 1e6, digits: 1)) MB"
        case .kibibytes: "\(BenchmarkSupport.format(value / 1024, digits: 1)) KiB"
        case .perSecond: "\(BenchmarkSupport.format(value / 1e3, digits: 1)) k/s"
        }
    }
}

/// A number with a fixed count of decimals, without Foundation.
public func format(_ value: Double, digits: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = (abs(value) * scale).rounded()
    let whole = Int(scaled / scale)
    let fraction = Int(scaled - Double(whole) * scale)
    var text = (value < 0 && scaled != 0 ? "-" : "") + "\(whole)"
    if digits > 0 {
        let digitsText = "\(fraction)"
        text += "." + String(repeating: "0", count: digits - digitsText.count) + digitsText
    }
    return text
}
