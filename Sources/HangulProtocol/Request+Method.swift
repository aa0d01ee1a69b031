extension Request {
    /// A method with its parameters, already checked.
    public enum Method: Equatable, Sendable {
        /// Opens the session and negotiates the protocol version; must come first.
        case hello(HelloParams)
        /// A key press or release.
        case key(KeyParams)
        /// Commit the preedit (focus out, click, cursor move).
        case reset
        /// Drop the preedit without committing it.
        case cancel
        /// Change some options; the preedit is committed first.
        case setOptions(OptionsPatch)
        /// Report the options.
        case getOptions
        /// Switch to Hangul or Latin mode.
        case setMode(InputMode)
        /// Flip between Hangul and Latin mode.
        case toggle
        /// Say what kind of field has focus.
        case setContentType(ContentPurpose)
        /// Answer with an empty result, to check the daemon is alive.
        case ping

        /// The method's name on the wire.
        public var name: Name {
            switch self {
            case .hello: .hello
            case .key: .key
            case .reset: .reset
            case .cancel: .cancel
            case .setOptions: .setOptions
            case .getOptions: .getOptions
            case .setMode: .setMode
            case .toggle: .toggle
            case .setContentType: .setContentType
            case .ping: .ping
            }
        }
    }
}
