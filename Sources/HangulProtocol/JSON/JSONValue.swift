/// One JSON value (RFC 8259), as the protocol parser produces it and the serializer writes it.
///
/// Integers and other numbers are distinct cases: an integer literal (no fraction, no exponent) that
/// fits in `Int64` is ``integer(_:)``; every other number, such as `1.5`, `1e400` or
/// `99999999999999999999`, is kept as its literal text in ``number(_:)``, so nothing is rounded, a huge
/// number can never trap a conversion, and a protocol field that wants an integer reports it as
/// invalid instead. Objects keep their members in wire order, duplicates included; lookup by key takes
/// the last duplicate, as most JSON libraries do.
public enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// An integer literal within `Int64`; `-0` reads as `0`.
    case integer(Int64)
    /// Any other number, as its literal text (already checked against the JSON number grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Members in wire order; duplicates are kept.
    case object([(key: String, value: JSONValue)])

    /// The value of the last member named `key`, or nil when this is not an object or has no such member.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// The members when this is an object.
    public var objectMembers: [(key: String, value: JSONValue)]? {
        if case .object(let members) = self { return members }
        return nil
    }

    /// The string when this is a string.
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }

    /// The integer when this is an integer literal within `Int64`.
    public var integerValue: Int64? {
        if case .integer(let integer) = self { return integer }
        return nil
    }

    /// The boolean when this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }
}

extension JSONValue: Equatable {
    /// Structural equality; objects compare member by member in order, so `{"a":1,"b":2}` and
    /// `{"b":2,"a":1}` differ, as their serialized lines do.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: false
        }
    }
}
