extension ConformanceTranscript {
    /// A transcript line that follows none of the forms.
    public struct SyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
        /// 1-based line number.
        public var line: Int
        public var message: String

        public init(line: Int, message: String) {
            self.line = line
            self.message = message
        }

        public var description: String { "line \(line): \(message)" }
    }
}
