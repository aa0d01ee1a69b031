/// Why the word list could not be read.
public struct WordListError: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public var description: String {
        "cannot read the word list \(path): \(reason); install Debian's wamerican (scripts/setup does) or name "
            + "another list with --words PATH"
    }
}
