import HangulKeys

extension KeyNotationError {
    /// The same error with its position moved by `offset` scalars: a key name parsed on its own
    /// reports positions from its `<`.
    func shifted(by offset: Int) -> KeyNotationError {
        switch self {
        case .unknownKeyName(let name, let position): .unknownKeyName(name, position: position + offset)
        case .unknownModifier(let name, let position): .unknownModifier(name, position: position + offset)
        case .unterminated(let position): .unterminated(position: position + offset)
        case .emptyKeyName(let position): .emptyKeyName(position: position + offset)
        case .emptyModifier(let position): .emptyModifier(position: position + offset)
        case .noKeysym(let scalar, let position): .noKeysym(scalar, position: position + offset)
        }
    }
}
