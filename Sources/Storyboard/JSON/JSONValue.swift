/// A JSON document as a plain value: the data `prepare(for:sender:)` hands over, request bodies,
/// and the raw form of a storyboard before it is checked.
///
/// Objects keep their keys in a dictionary; writers sort keys so that output is deterministic.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public var objectValue: [String: JSONValue]? {
        if case .object(let object) = self { return object }
        return nil
    }
    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }
    public var boolValue: Bool? {
        if case .bool(let bool) = self { return bool }
        return nil
    }
    public var arrayValue: [JSONValue]? {
        if case .array(let array) = self { return array }
        return nil
    }
    /// The value as an `Int` when it is a whole number.
    public var intValue: Int? {
        if case .number(let number) = self, number.rounded() == number, abs(number) < 1e15 { return Int(number) }
        return nil
    }

    /// The JSON type name, for error messages.
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    public subscript(key: String) -> JSONValue? { objectValue?[key] }
}

extension JSONValue: Decodable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([JSONValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }
}
