import HangulKeys

extension Request {
    /// A method with its parameters, already checked, in the engine's own types.
    ///
    /// The protocol has no parameter types of its own where the engine has one: a `key` carries a
    /// ``KeyEvent``, `set_mode` an ``InputMode``, `set_content_type` a ``ContentType``, and the
    /// toggle keys of `set_options` are ``KeyChord``s. What each method's name is and how its
    /// parameters are read and written is the method table (`Request+MethodTable.swift`).
    public enum Method: Equatable, Sendable {
        /// Opens the session and negotiates the protocol version; must come first.
        case hello(HelloParams)
        /// A key press or release.
        case key(KeyEvent)
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
        /// Say what kind of field has focus (the wire calls it the field's `purpose`).
        case setContentType(ContentType)
        /// Answer with an empty result, to check the daemon is alive.
        case ping
        /// The daemon's state: version, socket, sessions, the settings file and its last load.
        case status
        /// Reads the settings file and the layouts again, as SIGHUP does.
        case reload
        /// The text before the cursor and the selection, for converting committed text.
        case setSurroundingText(SurroundingText)
        /// Picks the candidate at this index of the open list.
        case selectCandidate(Int)
        case closeCandidates
        /// Every option and setting the daemon knows, described for a settings dialog.
        case listOptions
        /// The session's field gained or lost the focus.
        case setFocus(FocusChange)
        /// Reads, and with a change sets, the mode of the field that has the focus, whichever
        /// session it is (`hangulctl mode`).
        case focusedMode(ModeChange?)
    }
}
