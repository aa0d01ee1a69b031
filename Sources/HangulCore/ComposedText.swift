/// A short run of Unicode scalars held inline: a commit or a preedit.
///
/// A syllable that cannot be precomposed is at most three scalars (initial or filler, medial or
/// filler, final), and one key commits at most one syllable plus one symbol, so eight inline slots
/// cover every commit a key can cause without touching the heap.
/// Strings are built from it only at the boundary (daemon reply, CLI output).
public struct ComposedText: Sendable, Equatable, CustomStringConvertible {
    /// The most scalars one step can produce.
    public static let capacity = 8

    @usableFromInline var storage: InlineArray<8, UInt32>
    /// Number of scalars held.
    public private(set) var count: Int

    // Inlined: every key makes two (commit and preedit), and as a call it was 8% of a key.
    @inline(__always)
    public init() {
        storage = InlineArray(repeating: 0)
        count = 0
    }

    public var isEmpty: Bool { count == 0 }

    /// Appends one scalar; a scalar beyond ``capacity`` is an internal error, since no syllable is that long.
    public mutating func append(_ scalar: UInt32) {
        precondition(count < Self.capacity, "internal inconsistency: composed text longer than \(Self.capacity)")
        storage[count] = scalar
        count += 1
    }

    public mutating func append(contentsOf other: ComposedText) {
        for index in 0..<other.count { append(other.storage[index]) }
    }

    public mutating func removeAll() { count = 0 }

    /// The code point value at `index`, which must be below ``count``; reads without allocating,
    /// for writers that encode the text themselves. Inlinable, since they read it once per scalar
    /// from other modules (`hangul-compose --json` writes a line a key).
    @inlinable
    public subscript(index: Int) -> UInt32 {
        precondition(index >= 0 && index < count, "ComposedText index \(index) out of 0..<\(count)")
        return storage[index]
    }

    /// The scalars as code point values.
    public var scalars: [UInt32] { (0..<count).map { storage[$0] } }

    /// The text as a `String`; for the boundary only, as it allocates.
    public var string: String {
        var result = String.UnicodeScalarView()
        for index in 0..<count {
            if let scalar = Unicode.Scalar(storage[index]) { result.append(scalar) }
        }
        return String(result)
    }

    public var description: String { string }

    public static func == (lhs: ComposedText, rhs: ComposedText) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for index in 0..<lhs.count where lhs.storage[index] != rhs.storage[index] { return false }
        return true
    }
}
