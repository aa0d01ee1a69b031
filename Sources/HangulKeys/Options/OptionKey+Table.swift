import HangulCore

// The option table: everything the engine knows about each option, one row per option in each
// exhaustive switch below (its kind, its default, whether a session has it, what it means in
// English and Korean, how it is read off and put into an ``InputContext``). Adding an option is a
// case in ``OptionKey`` and a row here in each switch; the protocol's reader and writer, the
// settings file's reader and writer, `hangulctl config` and `list_options` follow from the kind.
// The checklist is the README's "Adding an option".

extension OptionKey {
    /// What the option takes.
    public var kind: OptionKind {
        switch self {
        case .layout: .layout
        case .autoReorder, .combiOnDoubleStroke, .nonChoseongCombi, .extendedVowels, .escapeToLatin, .autoFix: .flag
        case .output:
            .choice([
                OptionChoice("syllables", "Precomposed syllables", "완성형 음절"),
                OptionChoice("jamo", "Conjoining jamo", "조합형 자모"),
            ])
        case .toggleKeys, .hanjaKeys, .hangulKeys, .latinKeys, .fixKeys: .keys
        case .startMode:
            .choice([OptionChoice("hangul", "Hangul", "한글"), OptionChoice("latin", "Latin", "영문")])
        case .commitUnit:
            .choice([
                OptionChoice("syllable", "Syllable by syllable", "음절 단위"),
                OptionChoice("word", "Word by word", "단어 단위"),
            ])
        case .modeScope:
            .choice([
                OptionChoice("global", "One mode for every field", "모든 입력란에 한 모드"),
                OptionChoice("application", "One mode per application", "프로그램마다 따로"),
                OptionChoice("field", "One mode per input field", "입력란마다 따로"),
            ])
        }
    }

    /// The value a session has when neither the settings file nor the client sets the option: the
    /// one place defaults are written (the composer's switches are ``ComposerOptions``' own).
    public var defaultValue: OptionValue {
        switch self {
        case .layout: .word(Layout.dubeolsik.id)
        case .autoReorder, .combiOnDoubleStroke, .nonChoseongCombi, .extendedVowels:
            .flag(composerOption.map { ComposerOptions()[$0] } ?? false)
        case .output: .word(ComposerOptions().output.rawValue)
        case .toggleKeys: .keys([KeyChord(keysym: .hangul), KeyChord(keysym: .space, modifiers: .shift)])
        case .escapeToLatin: .flag(false)
        case .hanjaKeys: .keys([KeyChord(keysym: .hangulHanja), KeyChord(keysym: .f9)])
        case .startMode: .word(InputMode.hangul.rawValue)
        case .commitUnit: .word(CommitUnit.syllable.rawValue)
        case .hangulKeys, .latinKeys: .keys([])
        case .modeScope: .word("global")
        // Keys no application binds (README, "Fixing the mode of a word"): Shift with the 한/영 key,
        // which applications never receive, and Pause, which none of the common ones use.
        case .fixKeys: .keys([KeyChord(keysym: .hangul, modifiers: .shift), KeyChord(keysym: .pause)])
        // Off: a false repair is worse than none, so the typist asks for it.
        case .autoFix: .flag(false)
        }
    }

    /// Whether each session has the option (the wire reports it and `set_options` changes it), as
    /// opposed to a setting of the daemon's that only the settings file sets.
    public var isPerSession: Bool {
        switch self {
        case .layout, .autoReorder, .combiOnDoubleStroke, .nonChoseongCombi, .extendedVowels, .output, .toggleKeys,
            .escapeToLatin, .hanjaKeys, .commitUnit, .hangulKeys, .latinKeys, .fixKeys, .autoFix:
            true
        case .startMode, .modeScope: false
        }
    }

    /// What an older daemon that does not report the option behaves as, for a client reading its
    /// options object; nil for options every daemon version 1 reports.
    public var valueFromOlderDaemon: OptionValue? {
        switch self {
        case .layout, .autoReorder, .combiOnDoubleStroke, .nonChoseongCombi, .extendedVowels, .output, .toggleKeys,
            .escapeToLatin, .startMode, .modeScope:
            nil
        case .hanjaKeys: .keys([])  // before hanja conversion: no hanja keys
        case .commitUnit: .word(CommitUnit.syllable.rawValue)  // before word mode
        case .hangulKeys, .latinKeys: .keys([])  // before mode keys
        case .fixKeys: .keys([])  // before the fix key
        case .autoFix: .flag(false)  // before automatic repair
        }
    }

    /// One line about the option in English and in Korean, for `list_options` and a settings dialog.
    public var summary: (english: String, korean: String) {
        switch self {
        case .layout: ("The keyboard layout Hangul is typed with", "한글 자판 배열")
        case .autoReorder:
            (
                "A vowel typed before its consonant still makes the syllable (ㅏ then ㄱ gives 가)",
                "모음을 먼저 쳐도 음절로 조합 (ㅏ, ㄱ → 가)"
            )
        case .combiOnDoubleStroke:
            ("Pressing a consonant twice doubles it (ㄱ then ㄱ gives ㄲ)", "자음을 두 번 누르면 된소리 (ㄱ, ㄱ → ㄲ)")
        case .nonChoseongCombi:
            (
                "Two initials that only combine as a final show the cluster (ㄱ then ㅅ gives ㄳ)",
                "받침으로만 어울리는 두 자음을 겹받침으로 (ㄱ, ㅅ → ㄳ)"
            )
        case .extendedVowels: ("ㅘ then ㅣ gives ㅙ, and ㅝ then ㅣ gives ㅞ", "ㅘ+ㅣ → ㅙ, ㅝ+ㅣ → ㅞ 조합")
        case .output: ("Write precomposed syllables or conjoining jamo", "완성형 음절 또는 조합형 자모로 출력")
        case .toggleKeys:
            (
                "Keys that switch between Hangul and Latin (Caps_Lock acts on its tap)",
                "한글과 영문을 전환하는 키 (Caps_Lock은 짧게 눌렀다 떼면 전환)"
            )
        case .escapeToLatin:
            ("Escape also switches to Latin, for Vim and other modal editors", "Esc를 누르면 영문으로 전환 (Vim 같은 편집기용)")
        case .hanjaKeys: ("Keys that open and close the hanja candidate list", "한자 후보 목록을 여닫는 키")
        case .startMode: ("The mode a new input field starts in", "새 입력란의 시작 모드")
        case .commitUnit: ("Commit each syllable when it is finished, or hold the whole word", "음절 단위 또는 단어 단위로 확정")
        case .hangulKeys:
            (
                "Keys that switch to Hangul, whatever the mode (Caps_Lock acts on its tap)",
                "누르면 한글 모드로 바꾸는 키 (Caps_Lock은 짧게 눌렀다 떼면 전환)"
            )
        case .latinKeys:
            (
                "Keys that switch to Latin, whatever the mode (Caps_Lock acts on its tap)",
                "누르면 영문 모드로 바꾸는 키 (Caps_Lock은 짧게 눌렀다 떼면 전환)"
            )
        case .modeScope:
            (
                "Whether the mode is shared by every field, kept per application, or per field",
                "한/영 모드를 모든 입력란이 함께 쓸지, 프로그램마다 또는 입력란마다 따로 둘지"
            )
        case .fixKeys:
            (
                "Keys that convert the word typed in the wrong mode (dkssud to 안녕) and switch the mode",
                "잘못된 모드로 친 단어를 고치고 (dkssud → 안녕) 모드를 바꾸는 키"
            )
        case .autoFix:
            (
                "Repair a word typed in the wrong mode when it ends, and switch the mode (BackSpace undoes it)",
                "잘못된 모드로 친 단어를 띄어 쓸 때 자동으로 고치고 모드를 바꿈 (백스페이스로 되돌림)"
            )
        }
    }

    /// The option's value in `context`; nil for a daemon-wide setting, which no session holds.
    public func value(in context: InputContext) -> OptionValue? {
        switch self {
        case .layout: .word(context.composer.layout.id)
        case .autoReorder, .combiOnDoubleStroke, .nonChoseongCombi, .extendedVowels:
            composerOption.map { .flag(context.composer.options[$0]) }
        case .output: .word(context.composer.options.output.rawValue)
        case .toggleKeys: .keys(context.toggleKeys)
        case .escapeToLatin: .flag(context.escapeSwitchesToLatin)
        case .hanjaKeys: .keys(context.hanjaKeys)
        case .startMode, .modeScope: nil
        case .commitUnit: .word(context.commitUnit.rawValue)
        case .hangulKeys: .keys(context.hangulKeys)
        case .latinKeys: .keys(context.latinKeys)
        case .fixKeys: .keys(context.fixKeys)
        case .autoFix: .flag(context.autoFix)
        }
    }

    /// Puts `value` into `context`, returning what changing it committed (callers that commit the
    /// preedit first get nothing). A value of the wrong shape, a word the option does not take or a
    /// layout `layouts` does not know leaves the context as it is (readers refuse those before);
    /// so does a value the context already has, and a daemon-wide setting.
    @discardableResult
    public func set(_ value: OptionValue, on context: inout InputContext, layouts: (String) -> Layout?) -> WordText {
        switch self {
        case .layout:
            guard let id = value.word, let layout = layouts(id), layout.id != context.composer.layout.id else { break }
            return context.setLayout(layout)
        case .autoReorder, .combiOnDoubleStroke, .nonChoseongCombi, .extendedVowels:
            guard let flag = value.flag, let option = composerOption else { break }
            var options = context.composer.options
            options[option] = flag
            if options != context.composer.options { return context.setOptions(options) }
        case .output:
            guard let form = value.word.flatMap(ComposerOptions.OutputForm.init(rawValue:)) else { break }
            var options = context.composer.options
            options.output = form
            if options != context.composer.options { return context.setOptions(options) }
        case .toggleKeys:
            if let keys = value.keys { context.toggleKeys = keys }
        case .escapeToLatin:
            if let flag = value.flag { context.escapeSwitchesToLatin = flag }
        case .hanjaKeys:
            if let keys = value.keys { context.hanjaKeys = keys }
        case .hangulKeys:
            if let keys = value.keys { context.hangulKeys = keys }
        case .latinKeys:
            if let keys = value.keys { context.latinKeys = keys }
        case .fixKeys:
            if let keys = value.keys { context.fixKeys = keys }
        case .autoFix:
            if let flag = value.flag, flag != context.autoFix { context.autoFix = flag }
        case .startMode, .modeScope:
            break
        case .commitUnit:
            if let unit = value.word.flatMap(CommitUnit.init(rawValue:)) { return context.setCommitUnit(unit) }
        }
        return WordText()
    }

    /// The composer switch the option is, if it is one.
    public var composerOption: ComposerOptions.Option? { ComposerOptions.Option(rawValue: rawValue) }
}
