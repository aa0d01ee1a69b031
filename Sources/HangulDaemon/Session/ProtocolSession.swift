import HangulCore
import HangulHanja
import HangulKeys
import HangulProtocol

/// One connection's session: request lines in, exact reply lines out (PROTOCOL.md sections 4–9).
///
/// A state machine in the house style: ``handle(line:)`` takes one line and returns the bytes to
/// send, and the caller (the server's connection handler) does the I/O, the framing and the bounds.
/// The session holds whether `hello` succeeded and one ``InputContext``, which composes and keeps
/// the mode and the key rules; the options the wire reports are read off that context when a reply
/// needs them (``options``), never stored beside it. It never traps on client input: every line
/// becomes a reply, an error reply or nothing.
///
/// With the daemon's ``SettingsStore`` it starts from the settings file's options and mode, and
/// after a reload takes the new value of every option the client has not set itself (kept as the
/// merged patches of its `set_options`), at a syllable boundary (in word mode a word boundary:
/// nothing is being composed), saying so in that reply (PROTOCOL.md section 5).
///
/// Nothing here is loggable content: replies carry typed text, so the server logs only
/// ``lastMethod``, ``lastErrorCode`` and sizes, and ``description`` shows no text.
public struct ProtocolSession: Sendable {
    /// Whether `hello` has succeeded; until then every other method fails with `-32000`.
    public private(set) var isOpen = false
    /// The composer, the mode, the key rules and the options: the session's one source of truth.
    private var context: InputContext
    /// The pending bound the server enforces, reported in `hello`'s capabilities.
    public let maxPendingRequests: Int
    /// The layouts `set_options` may name and `hello` lists: built-ins and the user's layout files.
    public let layouts: LayoutCatalog
    /// The method of the last line handled, when it parsed as a request or notification; for logs.
    public private(set) var lastMethod: Request.Method.Name?
    /// The error code the last line was answered with (or would have been, for a notification).
    public private(set) var lastErrorCode: ProtocolErrorCode?
    /// Writes every success reply, emptied but not freed between lines: a fresh buffer per reply was
    /// one of ten allocations per `key` request (measured with an LD_PRELOAD malloc counter).
    private var writer = JSONWriter(capacity: 128)
    /// The daemon's settings, which the session follows for every option it has not set itself;
    /// nil for a session that only ever has the built-in defaults (tests, tools).
    private let settings: SettingsStore?
    /// The settings generation this session has taken; behind ``SettingsStore/generation`` after a
    /// reload, until the next syllable boundary.
    private var adoptedGeneration = 0
    /// Every option the client has set through `set_options`, merged: these win over the settings
    /// file, now and after every reload.
    private var ownOptions = OptionsPatch()
    /// Whether a candidate list was open when the request being performed came, so that a reply
    /// can say the request closed it.
    private var listWasOpen = false
    /// The session's place on the daemon's focus board (a board of its own for a session no daemon
    /// serves, which then behaves as the only session there is).
    private let focusTicket: FocusTicket
    /// The scope key of the session's field while it has the focus (`set_focus`), else nil.
    private var focusKey: String?
    /// The mode last written to the board, and the board's posting count last seen.
    private var publishedMode: InputMode = .hangul
    private var seenPostings = 0
    /// The ``ChangeHint`` count at which this session last caught up with the settings, and with
    /// the board's posted modes; 0, which the count never is, until it first has.
    private var settingsHintSeen = 0
    private var postingsHintSeen = 0

    /// A new, unopened session.
    ///
    /// - Parameters:
    ///   - decoder: The US keymap compiled once by the daemon and shared by every session; `nil`
    ///     reads positions from keysyms even when events carry keycodes (a system without xkb data).
    ///   - maxPendingRequests: The server's bound on unread replies, which `hello` reports.
    ///   - layouts: The layouts on offer; shared by every session, read-only. No default: a session
    ///     built without the daemon's catalog would silently ignore the user's layout files.
    public init(
        decoder: KeyDecoder?, maxPendingRequests: Int = Wire.defaultMaxPendingRequests,
        layouts: LayoutCatalog, settings: SettingsStore? = nil, hanja: HanjaDictionarySource? = nil,
        focus: FocusBoard? = nil, wrongMode: (any WrongModeRule)? = nil
    ) {
        self.context = InputContext(decoder: decoder)
        self.focusTicket = FocusTicket(board: focus ?? FocusBoard())
        context.hanja = hanja
        context.wrongMode = wrongMode
        self.maxPendingRequests = maxPendingRequests
        self.layouts = layouts
        self.settings = settings
        // The default layout by its id in this catalog: a user file may override the built-in.
        if let layout = layouts.layout(named: context.composer.layout.id) { _ = context.setLayout(layout) }
        if let snapshot = settings?.snapshot {
            adoptedGeneration = snapshot.generation
            apply(SessionOptions().applying(snapshot.settings.options), layoutsReadWith: snapshot.layouts)
            _ = context.setMode(snapshot.settings.startMode)
        }
    }

    /// The options as the wire reports them, read off the session's context.
    public var options: SessionOptions { SessionOptions(context) }

    /// The mode replies report: Latin in a password field, otherwise the session's mode.
    public var mode: InputMode { context.effectiveMode }

    /// Handles one line (without its newline); returns the reply line, newline included, or nil when
    /// none is due (a blank line, or any notification).
    public mutating func reply(to line: ArraySlice<UInt8>) -> [UInt8]? {
        line.withUnsafeBytes { reply(to: $0) }
    }

    /// Handles one line read in place (without its newline), as the array-slice form does.
    ///
    /// The returned array shares its storage with the session's reply writer until the next line:
    /// a caller that drops it before then lets the next reply reuse that storage without allocating.
    public mutating func reply(to line: UnsafeRawBufferPointer) -> [UInt8]? {
        lastMethod = nil
        lastErrorCode = nil
        switch Request.parse(line: line, layouts: layouts) {
        case .blank:
            return nil
        case .invalid(let error):
            lastErrorCode = error.code
            return error.replyLine
        case .invalidNotification(let error):
            lastErrorCode = error.code
            return nil
        case .request(let request):
            lastMethod = request.method.name
            do throws(ProtocolError) {
                return try perform(request)
            } catch {
                lastErrorCode = error.code
                guard let id = request.id else { return nil }
                var answered = error
                answered.id = id
                return answered.replyLine
            }
        }
    }

    /// Carries out a parsed request; returns its reply line (nil for a notification) or throws the
    /// error to answer, whose id the caller fills in.
    ///
    /// The parser has checked every parameter (PROTOCOL.md 4.1, step 4), toggle-key names and
    /// layouts included; what is left is the session state (step 5): hello first, and once.
    private mutating func perform(_ request: Request) throws(ProtocolError) -> [UInt8]? {
        let reply = try performRequest(request)
        if focusKey != nil, context.mode != publishedMode { publishMode() }
        return reply
    }

    /// Carries out a parsed request (``perform(_:)``, which then tells the focus board of a new mode).
    /// A key, nearly every request, goes its own way: every other method's work lives in a function
    /// the key never enters, whose stack frame (nearly 3 KB, room for every case) a key would
    /// otherwise spread its few stack lines over.
    private mutating func performRequest(_ request: Request) throws(ProtocolError) -> [UInt8]? {
        guard isOpen || request.method.name == .hello else { throw .helloRequired(id: nil) }
        if case .key(let event) = request.method { return performKey(event, id: request.id) }
        return try performOther(request)
    }

    /// `key`. Reloaded settings are taken before the key when nothing is being composed, and after
    /// it when it ended the syllable.
    private mutating func performKey(_ event: KeyEvent, id: RequestID?) -> [UInt8]? {
        var followed = followSettingsAtBoundary()
        followPostedMode()
        listWasOpen = context.candidateList.isOpen
        var result = context.handle(event)
        if followSettingsAtBoundary() { followed = true }
        if followPostedMode() { result.mode = context.effectiveMode }
        guard let id else { return nil }
        writer.removeAll()
        if followed || context.candidateList.isOpen {
            writeKeyReply(id: id, result, followed: followed)
        } else {
            Reply.write(id: id, key: result, page: nil, options: nil, to: &writer)
        }
        return writer.bytes
    }

    /// A key's reply that carries the candidate page (only while a list is open: typing without
    /// one builds no strings) or the options reloaded settings changed. Never inlined, so that
    /// building them takes no room in the stack frame of every other key.
    @inline(never)
    private mutating func writeKeyReply(id: RequestID, _ result: KeyResult, followed: Bool) {
        let page = context.candidateList.isOpen ? CandidatePage(context.candidateList) : nil
        Reply.write(id: id, key: result, page: page, options: followed ? options : nil, to: &writer)
    }

    /// Every method but `key`, which ``performRequest(_:)`` hands to ``performKey(_:id:)`` (as this
    /// does, should one reach it).
    @inline(never)
    private mutating func performOther(_ request: Request) throws(ProtocolError) -> [UInt8]? {
        let id = request.id
        // Reloaded settings are taken before the operation when nothing is being composed, and after
        // it when it ended the syllable; never by a method whose reply cannot say so. (A key takes
        // them in performKey.)
        var followed: Bool
        switch request.method.name {
        case .hello, .ping, .status, .reload, .listOptions, .focusedMode, .key: followed = false
        default:
            followed = followSettingsAtBoundary()
            followPostedMode()
        }
        listWasOpen = context.candidateList.isOpen
        switch request.method {
        case .hello(let hello):
            return try open(hello, id: id)
        case .key(let event):
            return performKey(event, id: id)
        case .reset:
            let commit = context.flush()
            return stateReply(id: id, commit: commit, followed: followSettingsAtBoundary() || followed)
        case .cancel:
            context.cancel()
            return stateReply(id: id, commit: WordText(), followed: followSettingsAtBoundary() || followed)
        case .setOptions(let patch):
            return try setOptions(patch, id: id)
        case .getOptions:
            return reply(id: id, OptionsResult(state: nil, options: options))
        case .setMode(let mode):
            let commit = context.setMode(mode)
            return stateReply(id: id, commit: commit, followed: followSettingsAtBoundary() || followed)
        case .toggle:
            let commit = context.toggle()
            return stateReply(id: id, commit: commit, followed: followSettingsAtBoundary() || followed)
        case .setContentType(let type):
            let commit = context.setContentType(type)
            return stateReply(id: id, commit: commit, followed: followSettingsAtBoundary() || followed)
        case .ping:
            return reply(id: id, EmptyResult())
        case .status:
            var status = settings?.status ?? Self.standaloneStatus
            status.wordListProblem = context.wrongMode?.unavailableReason
            return reply(id: id, status)
        case .reload:
            guard let ticket = settings?.requestReload() else { throw .cannotReload(id: nil) }
            return reply(id: id, ReloadResult(reload: ticket))
        case .setSurroundingText(let surrounding):
            context.setSurroundingText(beforeCursor: surrounding.beforeCursor, selection: surrounding.selection)
            return reply(id: id, EmptyResult())
        case .selectCandidate(let index):
            return try selectCandidate(index, id: id)
        case .closeCandidates:
            context.closeCandidates()
            return reply(id: id, state(commit: WordText()))
        case .setFocus(let change):
            return setFocus(change, id: id, followed: followed)
        case .focusedMode(let change):
            return reply(id: id, FocusedModeResult(mode: focusTicket.board.post(change)))
        case .listOptions:
            // Not through `writer`, as `hello`: kilobytes an idle session need not keep.
            guard let id else { return nil }
            return Reply.line(id: id, result: OptionListResult(layouts: layouts))
        }
    }

    /// `hello`: opens the session once. The parser has already refused offers below version 1
    /// (`-32002`), which comes before the `-32000` of a second `hello` in the order of checks.
    private mutating func open(_ hello: HelloParams, id: RequestID?) throws(ProtocolError) -> [UInt8]? {
        guard !isOpen else { throw .helloRepeated(id: nil) }
        guard let version = hello.negotiatedVersion else { throw .internalError(method: .hello, id: nil) }
        isOpen = true
        guard let id else { return nil }
        // Not through `writer`: this reply lists every layout, kilobytes an idle session need not keep.
        return Reply.line(
            id: id,
            result: HelloResult(
                protocolVersion: version, mode: mode, options: options,
                layouts: layouts.entries.map(LayoutSummary.init), maxPendingRequests: maxPendingRequests))
    }

    /// `set_options`: the parser has checked the whole patch, so nothing can fail half way; the
    /// preedit is committed (always, even when no value changes), then the options are applied.
    private mutating func setOptions(_ patch: OptionsPatch, id: RequestID?) throws(ProtocolError) -> [UInt8]? {
        let newOptions = options.applying(patch)
        guard layouts.layout(named: newOptions.layout) != nil else {
            throw .internalError(method: .setOptions, id: nil)
        }
        let commit = context.flush()
        ownOptions = ownOptions.merging(patch)
        apply(newOptions)
        return reply(id: id, OptionsResult(state: state(commit: commit), options: options))
    }

    /// Puts `newOptions` into the context. Callers commit the preedit first (or have none). The layout
    /// is looked up in `settingsLayouts`, the catalog the daemon's settings were read against, when
    /// the options come from them (a reload may add a layout file and name it in the same edit), and
    /// in this session's catalog otherwise; a layout missing from both leaves the layout as it is.
    private mutating func apply(_ newOptions: SessionOptions, layoutsReadWith settingsLayouts: LayoutCatalog? = nil) {
        let layouts = self.layouts
        for key in OptionKey.perSession {
            key.set(newOptions[key], on: &context) { settingsLayouts?.layout(named: $0) ?? layouts.layout(named: $0) }
        }
    }

    /// Takes settings reloaded since this session last looked, when nothing is being composed and no
    /// candidate list is open (a syllable boundary: a syllable is never finished under other options
    /// than it began with, and a list opened from the text before the cursor, with no preedit, is
    /// still a conversion under way whose digits pick).
    /// Options the client set itself are kept. Returns whether the options changed, so the reply
    /// can carry them.
    private mutating func followSettingsAtBoundary() -> Bool {
        let hint = ChangeHint.current
        guard hint != settingsHintSeen, isOpen else { return false }
        // The generation is read through the optional, not a `let` binding of the store: this runs
        // twice per key, and a binding retained and released the store each time.
        guard let generation = settings?.generation, generation != adoptedGeneration else {
            settingsHintSeen = hint
            return false
        }
        guard context.preedit.isEmpty, !context.candidateList.isOpen, let settings else { return false }
        settingsHintSeen = hint
        return adopt(settings)
    }

    /// Takes the settings `settings` holds now (``followSettingsAtBoundary()``); returns whether the
    /// options changed. Never inlined: the options compared and applied would otherwise take a
    /// kilobyte and a half of stack in the check every key makes twice.
    @inline(never)
    private mutating func adopt(_ settings: SettingsStore) -> Bool {
        let snapshot = settings.snapshot
        adoptedGeneration = snapshot.generation
        let before = options
        apply(
            SessionOptions().applying(snapshot.settings.options).applying(ownOptions),
            layoutsReadWith: snapshot.layouts)
        return options != before
    }

    /// `set_focus`: a field that gains the focus takes the mode its scope key keeps (`mode-scope`:
    /// one for every field, per application, per field), and from then on writes its mode back.
    private mutating func setFocus(_ change: FocusChange, id: RequestID?, followed: Bool) -> [UInt8]? {
        var commit = WordText()
        if change.focused {
            let key = focusScopeKey(change)
            focusKey = key
            if let kept = focusTicket.board.focus(session: focusTicket.session, key: key, mode: context.mode),
                kept != context.mode
            {
                commit = context.setMode(kept)
            }
            publishedMode = context.mode
        } else {
            focusKey = nil
            focusTicket.board.blur(session: focusTicket.session)
        }
        return stateReply(id: id, commit: commit, followed: followed)
    }

    /// The key under which the board keeps this field's mode, by the settings' `mode-scope`.
    private func focusScopeKey(_ change: FocusChange) -> String {
        let scope = settings?.snapshot.settings[.modeScope].word ?? "global"
        switch scope {
        case "application": return "application\u{0}" + change.application
        case "field":
            guard !change.field.isEmpty else { return "session\u{0}\(focusTicket.session)" }
            return "field\u{0}" + change.application + "\u{0}" + change.field
        default: return "global"
        }
    }

    private mutating func publishMode() {
        publishedMode = context.mode
        guard let key = focusKey else { return }
        focusTicket.board.publish(session: focusTicket.session, key: key, mode: context.mode)
    }

    /// Takes a mode `focused_mode` posted for this session, when nothing is being composed (as
    /// reloaded settings are taken). Returns whether the mode changed.
    @discardableResult
    private mutating func followPostedMode() -> Bool {
        let hint = ChangeHint.current
        guard hint != postingsHintSeen else { return false }
        let postings = focusTicket.board.postingCount
        guard postings != seenPostings else {
            postingsHintSeen = hint
            return false
        }
        guard context.preedit.isEmpty, !context.candidateList.isOpen else { return false }
        postingsHintSeen = hint
        seenPostings = postings
        guard let mode = focusTicket.board.take(session: focusTicket.session), mode != context.mode else {
            return false
        }
        _ = context.setMode(mode)
        publishedMode = mode
        return true
    }

    /// `status` from a session no daemon serves (tests, tools): no socket, no file.
    private static let standaloneStatus = StatusResult(
        socket: nil, sessions: 1, configFile: nil, loadedAt: nil, generation: 0, reloads: 0, problems: [])

    /// The reply of a method answered with the state: with `options` appended when the session has
    /// just followed a reload, so the frontend learns of it without asking.
    private mutating func stateReply(id: RequestID?, commit: WordText, followed: Bool) -> [UInt8]? {
        guard followed else { return reply(id: id, state(commit: commit)) }
        return reply(id: id, OptionsResult(state: state(commit: commit), options: options))
    }

    /// The state object after an operation that committed `commit`.
    private mutating func selectCandidate(_ index: Int, id: RequestID?) throws(ProtocolError) -> [UInt8]? {
        let count = context.candidateList.candidates.count
        guard context.candidateList.isOpen else {
            throw ProtocolError(
                code: .invalidParams,
                message: "no candidate list is open; select_candidate picks from the list a hanja key opened")
        }
        guard let result = context.pickCandidate(at: index) else {
            throw ProtocolError(
                code: .invalidParams,
                message: "params.index must be below \(count), the number of candidates, got \(index)")
        }
        return reply(
            id: id,
            StateResult(
                commit: result.committedText, preedit: result.preedit.string, mode: result.mode,
                deleteBefore: result.deleteBefore, candidates: .closed))
    }

    /// The state after a request other than `key`: the candidate list shown while open, `null` once
    /// when the request closed it, absent otherwise (PROTOCOL.md section 5).
    private func state(commit: WordText) -> StateResult {
        let candidates: CandidatesMember =
            if context.candidateList.isOpen {
                .open(CandidatePage(context.candidateList))
            } else {
                listWasOpen ? .closed : .absent
            }
        return StateResult(commit: commit.string, preedit: context.preedit.string, mode: mode, candidates: candidates)
    }

    /// The reply line for a request with `id`, or nil for a notification (whose result is dropped
    /// without being written).
    private mutating func reply(id: RequestID?, _ result: some ReplyResult) -> [UInt8]? {
        guard let id else { return nil }
        writer.removeAll()
        Reply.write(id: id, result: result, to: &writer)
        return writer.bytes
    }
}
