extension Request.Method {
    /// The method names of protocol version 1, in the order the spec and `hello` list them.
    public enum Name: String, Sendable, CaseIterable {
        case hello
        case key
        case reset
        case cancel
        case setOptions = "set_options"
        case getOptions = "get_options"
        case setMode = "set_mode"
        case toggle
        case setContentType = "set_content_type"
        case ping
        case status
        case reload
        case setSurroundingText = "set_surrounding_text"
        case selectCandidate = "select_candidate"
        case closeCandidates = "close_candidates"
        case listOptions = "list_options"
        case setFocus = "set_focus"
        case focusedMode = "focused_mode"

    }
}
