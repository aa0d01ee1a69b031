import HangulCore
import HangulKeys

/// The parameters of `set_options`: the options to change; an option left out is left as it is.
///
/// Parsing checks every value, the layout against the daemon's catalog and key lists' keysym
/// names against xkbcommon, so applying a patch cannot fail half way. The settings file's patch
/// (``ConfiguredSettings``) may carry the daemon-wide settings too, which sessions skip.
public struct OptionsPatch: Equatable, Sendable {
    /// The values sent, each of the shape its key's kind takes.
    public private(set) var values: [OptionKey: OptionValue]

    /// A patch of these values; a value of the wrong shape for its key is left out.
    public init(_ values: [OptionKey: OptionValue] = [:]) {
        self.values = values.filter { $0.value.fits($0.key.kind) }
    }

    /// An option's value, nil when the patch leaves it as it is; setting a value of the wrong shape
    /// leaves the option out.
    public subscript(key: OptionKey) -> OptionValue? {
        get { values[key] }
        set { values[key] = newValue.flatMap { $0.fits(key.kind) ? $0 : nil } }
    }

    /// Whether the patch changes nothing (it still commits the preedit when sent).
    public var isEmpty: Bool { values.isEmpty }

    /// This patch with `later`'s values on top: what a session has set through every `set_options`.
    public func merging(_ later: OptionsPatch) -> OptionsPatch {
        OptionsPatch(values.merging(later.values) { _, new in new })
    }
}

extension OptionsPatch: ExpressibleByDictionaryLiteral {
    /// A patch written as what it sends: `[.layout: "3f", .escapeToLatin: true]`.
    public init(dictionaryLiteral elements: (OptionKey, OptionValue)...) {
        self.init(Dictionary(elements) { _, later in later })
    }
}

extension OptionsPatch {
    /// Reads the params of `set_options`, in the order of PROTOCOL.md section 6.5's table (the
    /// option table's order, so the first bad option in that order is the one reported).
    init(reading params: ParamsReader, layouts: LayoutCatalog) throws(ProtocolError) {
        // The params of set_options are option names, so an unknown one is a typo to report, not a
        // newer field to skip: silently ignoring "auto_reorder" would leave the user puzzled.
        if let unknown = params.members.first(where: { !SessionOptions.names.contains($0.key) }) {
            throw ParamsReader.invalid(
                "unknown option \(JSONValue.string(unknown.key).shortDescription); known: "
                    + SessionOptions.names.joined(separator: ", "))
        }
        self.init()
        for key in OptionKey.perSession {
            let name = key.rawValue
            switch key.kind {
            case .layout:
                guard let layoutID = try params.string(name, expected: #"a layout id string such as "2""#) else {
                    continue
                }
                guard let layout = layouts.layout(named: layoutID) else {
                    throw ProtocolError(
                        code: .unknownLayout,
                        message: "unknown layout \(JSONValue.string(layoutID).shortDescription); known: "
                            + layouts.ids.joined(separator: ", "))
                }
                values[key] = .word(layout.id)
            case .flag:
                if let flag = try params.bool(name) { values[key] = .flag(flag) }
            case .choice(let choices):
                if let word = try params.word(name, among: choices.map(\.word)) { values[key] = .word(word) }
            case .keys:
                if let keys = params.value(name) {
                    values[key] = .keys(try Self.readChords(keys, name: name, example: Self.example(for: key)))
                }
            }
        }
    }

    /// The example an error about a key list shows: the option's default, or the 한/영 key when
    /// the default is empty.
    static func example(for key: OptionKey) -> String {
        let keys = key.defaultValue.keys ?? []
        let notations = keys.isEmpty ? ["Hangul"] : keys.map(\.notation)
        return "[" + notations.map { "\"\($0)\"" }.joined(separator: ",") + "]"
    }

    /// Reads a key list (`toggle-keys`, `hanja-keys`) straight into chords: each entry's notation, then its
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
        for key in OptionKey.perSession {
            guard let value = values[key] else { continue }
            if !first { writer.raw(",") }
            first = false
            writer.string(key.rawValue)
            writer.raw(":")
            writer.optionValue(value)
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
