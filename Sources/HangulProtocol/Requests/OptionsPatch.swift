import HangulCore
import HangulKeys

/// The parameters of `set_options`: the options to change, each nil when left as it is.
///
/// Parsing checks every value, the layout against the daemon's catalog and the toggle keys'
/// keysym names against xkbcommon, so applying a patch cannot fail half way.
public struct OptionsPatch: Equatable, Sendable {
    /// A layout id or alias; parsing replaces an alias with the canonical id.
    public var layout: String?
    /// The boolean switches sent.
    public var switches: [ComposerOptions.Option: Bool]
    public var output: ComposerOptions.OutputForm?
    public var toggleKeys: [KeyChord]?
    public var escapeToLatin: Bool?
    public var hanjaKeys: [KeyChord]?
    public var commitUnit: CommitUnit?

    public init(
        layout: String? = nil, switches: [ComposerOptions.Option: Bool] = [:],
        output: ComposerOptions.OutputForm? = nil, toggleKeys: [KeyChord]? = nil, escapeToLatin: Bool? = nil,
        hanjaKeys: [KeyChord]? = nil, commitUnit: CommitUnit? = nil
    ) {
        self.layout = layout
        self.switches = switches
        self.output = output
        self.toggleKeys = toggleKeys
        self.escapeToLatin = escapeToLatin
        self.hanjaKeys = hanjaKeys
        self.commitUnit = commitUnit
    }

    /// Whether the patch changes nothing (it still commits the preedit when sent).
    public var isEmpty: Bool {
        layout == nil && switches.isEmpty && output == nil && toggleKeys == nil && escapeToLatin == nil
            && hanjaKeys == nil && commitUnit == nil
    }
}

extension OptionsPatch {
    /// Reads the params of `set_options`, in the order of PROTOCOL.md section 6.5's table.
    init(reading params: ParamsReader, layouts: LayoutCatalog) throws(ProtocolError) {
        // The params of set_options are option names, so an unknown one is a typo to report, not a
        // newer field to skip: silently ignoring "auto_reorder" would leave the user puzzled.
        if let unknown = params.members.first(where: { !SessionOptions.names.contains($0.key) }) {
            throw ParamsReader.invalid(
                "unknown option \(JSONValue.string(unknown.key).shortDescription); known: "
                    + SessionOptions.names.joined(separator: ", "))
        }
        self.init()
        if let layoutID = try params.string("layout", expected: #"a layout id string such as "2""#) {
            guard let layout = layouts.layout(named: layoutID) else {
                throw ProtocolError(
                    code: .unknownLayout,
                    message: "unknown layout \(JSONValue.string(layoutID).shortDescription); known: "
                        + layouts.ids.joined(separator: ", "))
            }
            self.layout = layout.id
        }
        for option in ComposerOptions.Option.allCases {
            if let value = try params.bool(option.rawValue) { switches[option] = value }
        }
        output = try params.choice("output", as: ComposerOptions.OutputForm.self)
        if let keys = params.value("toggle-keys") {
            toggleKeys = try Self.readChords(keys, name: "toggle-keys", example: #"["Hangul","Shift+space"]"#)
        }
        escapeToLatin = try params.bool("escape-to-latin")
        if let keys = params.value("hanja-keys") {
            hanjaKeys = try Self.readChords(keys, name: "hanja-keys", example: #"["Hangul_Hanja","F9"]"#)
        }
        commitUnit = try params.choice("commit-unit", as: CommitUnit.self)
    }

    /// Reads `toggle-keys` or `hanja-keys` straight into chords: each entry's notation, then its
    /// keysym name, in array order, so the first bad entry is the one reported.
    private static func readChords(_ value: JSONValue, name: String, example: String) throws(ProtocolError)
        -> [KeyChord]
    {
        guard case .array(let elements) = value else {
            throw ParamsReader.invalid(
                "params.\(name) must be an array of key names such as \(example), got " + value.shortDescription)
        }
        guard elements.count <= Wire.maxToggleKeys else {
            throw ParamsReader.invalid(
                "params.\(name) must have at most \(Wire.maxToggleKeys) keys, got \(elements.count)")
        }
        var chords: [KeyChord] = []
        chords.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard case .string(let notation) = element else {
                throw ParamsReader.invalid(
                    #"params.\#(name)[\#(index)] must be a key name such as "Shift+space", got "#
                        + element.shortDescription)
            }
            do throws(KeyChord.NotationError) {
                chords.append(try KeyChord(notation: notation))
            } catch {
                throw chordError(error, name: name, index: index, element: element)
            }
        }
        return chords
    }

    private static func chordError(
        _ error: KeyChord.NotationError, name field: String, index: Int, element: JSONValue
    ) -> ProtocolError {
        switch error {
        case .emptyKeysymName:
            ParamsReader.invalid(
                "params.\(field)[\(index)] has no keysym name after its modifiers: \(element.shortDescription)")
        case .unknownModifier(let modifier):
            ParamsReader.invalid(
                "params.\(field)[\(index)] has an unknown modifier "
                    + JSONValue.string(modifier).shortDescription
                    + "; modifiers are Shift, Control, Alt, Super, AltGr")
        case .unknownKeysymName(let name):
            ParamsReader.invalid(
                "params.\(field)[\(index)] names no X11 keysym: \(JSONValue.string(name).shortDescription);"
                    + " use a keysym name such as \"Hangul\" or \"space\"")
        }
    }

    /// Appends the params object with the options the patch names, in ``SessionOptions/names`` order.
    func write(to writer: inout JSONWriter) {
        writer.raw("{")
        var first = true
        func separate(_ writer: inout JSONWriter) {
            if !first { writer.raw(",") }
            first = false
        }
        if let layout {
            separate(&writer)
            writer.key("layout")
            writer.string(layout)
        }
        for option in ComposerOptions.Option.allCases {
            guard let value = switches[option] else { continue }
            separate(&writer)
            writer.string(option.rawValue)
            writer.raw(":")
            writer.bool(value)
        }
        if let output {
            separate(&writer)
            writer.key("output")
            writer.string(output.rawValue)
        }
        if let toggleKeys {
            separate(&writer)
            writer.key("toggle-keys")
            writer.chords(toggleKeys)
        }
        if let escapeToLatin {
            separate(&writer)
            writer.key("escape-to-latin")
            writer.bool(escapeToLatin)
        }
        if let hanjaKeys {
            separate(&writer)
            writer.key("hanja-keys")
            writer.chords(hanjaKeys)
        }
        if let commitUnit {
            separate(&writer)
            writer.key("commit-unit")
            writer.string(commitUnit.rawValue)
        }
        writer.raw("}")
    }
}

extension JSONWriter {
    /// Appends key chords as an array of their canonical notations (`["Hangul","Shift+space"]`).
    mutating func chords(_ chords: [KeyChord]) {
        raw("[")
        for (index, chord) in chords.enumerated() {
            if index > 0 { raw(",") }
            string(chord.notation)
        }
        raw("]")
    }
}
