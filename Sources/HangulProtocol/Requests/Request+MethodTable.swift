import HangulCore
import HangulKeys

// The method table: everything the protocol module knows about each method, one row per method
// in each of three exhaustive switches side by side (its name, how its parameters are read, how
// they are written), so that adding a method is one case here per switch and the compiler names
// every other place that must follow (the session's `perform`, the client). The checklist is in
// the README's module section.

extension Request.Method {
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
        case .status: .status
        case .reload: .reload
        case .setSurroundingText: .setSurroundingText
        case .selectCandidate: .selectCandidate
        case .closeCandidates: .closeCandidates
        case .listOptions: .listOptions
        case .setFocus: .setFocus
        case .focusedMode: .focusedMode
        }
    }

    /// Reads the parameters of the method called `name`; the first bad one is thrown, with the
    /// protocol's wording and no id (the caller fills it in).
    static func read(
        _ name: Name, _ params: ParamsReader, layouts: LayoutCatalog
    ) throws(ProtocolError) -> Request.Method {
        switch name {
        case .hello: .hello(try HelloParams(reading: params))
        case .key: .key(try KeyEvent(reading: params))
        case .reset: .reset
        case .cancel: .cancel
        case .setOptions: .setOptions(try OptionsPatch(reading: params, layouts: layouts))
        case .getOptions: .getOptions
        case .setMode: .setMode(try params.requiredChoice("mode", as: InputMode.self))
        case .toggle: .toggle
        case .setContentType: .setContentType(try params.requiredChoice("purpose", as: ContentType.self))
        case .ping: .ping
        case .status: .status
        case .reload: .reload
        case .setSurroundingText: .setSurroundingText(try SurroundingText(reading: params))
        case .selectCandidate:
            .selectCandidate(
                Int(
                    try ParamsReader.integer(
                        try params.required("index", "the index of a candidate in the open list, such as 0"),
                        field: "index", expected: "an integer candidate index", range: 0...Int64(Int32.max))))
        case .closeCandidates: .closeCandidates
        case .listOptions: .listOptions
        case .setFocus: .setFocus(try FocusChange(reading: params))
        case .focusedMode: .focusedMode(try params.choice("mode", as: ModeChange.self))
        }
    }

    /// Appends `,"params":{…}`, or nothing for a method without parameters.
    func writeParams(to writer: inout JSONWriter) {
        switch self {
        case .hello(let hello):
            writer.raw(#","params":"#)
            hello.write(to: &writer)
        case .key(let event):
            writer.raw(#","params":"#)
            writer.keyParams(event)
        case .setOptions(let patch):
            writer.raw(#","params":"#)
            patch.write(to: &writer)
        case .setMode(let mode):
            writer.raw(#","params":{"mode":"#)
            writer.string(mode.rawValue)
            writer.raw("}")
        case .setContentType(let type):
            writer.raw(#","params":{"purpose":"#)
            writer.string(type.rawValue)
            writer.raw("}")
        case .setSurroundingText(let surrounding):
            writer.raw(#","params":"#)
            surrounding.write(to: &writer)
        case .selectCandidate(let index):
            writer.raw(#","params":{"index":"#)
            writer.integer(Int64(index))
            writer.raw("}")
        case .setFocus(let change):
            writer.raw(#","params":"#)
            change.write(to: &writer)
        case .focusedMode(let change):
            guard let change else { break }
            writer.raw(#","params":{"mode":"#)
            writer.string(change.rawValue)
            writer.raw("}")
        case .reset, .cancel, .getOptions, .toggle, .ping, .status, .reload, .closeCandidates, .listOptions:
            break
        }
    }
}
