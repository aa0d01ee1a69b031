import HangulProtocol

extension CandidatePage.Item {
    /// A candidate without a meaning.
    init(value: String) {
        self.init(value: value, meaning: "")
    }
}
