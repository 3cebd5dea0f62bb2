public import Foundation

extension JSONValue {
    /// Why bytes are not a JSON document.
    public struct ParseError: Error, Sendable, Equatable {
        public var message: String
    }

    /// Parses a JSON document (any value at the top level, as RFC 8259 allows).
    ///
    /// Foundation's `JSONSerialization` parses and this converts its objects. Decoding `JSONValue`
    /// through `JSONDecoder` has to guess each value's type by trying them in turn, and every failed
    /// try builds a `DecodingError`: for a 40-byte request body that was 85,000 instructions, a
    /// quarter of a whole segue request under callgrind. This path is about six times cheaper.
    /// - Throws: ``ParseError`` for bytes that are not JSON.
    public static func parse(_ data: Data) throws(ParseError) -> JSONValue {
        guard !hasTrailingComma(data) else { throw ParseError(message: "not valid JSON") }
        return try converted(foundationObject(data))
    }

    /// Parses request bodies: the trailing-comma check runs over the array, not `Data`, whose
    /// byte iterator cost 80 instructions a byte.
    public static func parse(_ bytes: [UInt8]) throws(ParseError) -> JSONValue {
        try converted(foundationObject(bytes))
    }

    /// A parsed document whose top level is kept as a list of members when it is an object.
    public enum TopLevel: Sendable {
        case object(JSONMembers)
        /// Any other value at the top level.
        case other(JSONValue)
    }

    /// Parses a request body, which should be an object: its top-level members come back as a list
    /// (``JSONMembers``). Read by ``JSONByteParser/parseTopLevel(_:)``, not `JSONSerialization`,
    /// which cost six times as much for a segue's body.
    /// - Throws: ``ParseError`` for bytes that are not JSON.
    public static func parseTopLevel(_ bytes: [UInt8]) throws(ParseError) -> TopLevel {
        try JSONByteParser.parseTopLevel(bytes)
    }

    /// `object`, from `JSONSerialization`, as a `JSONValue`.
    private static func converted(_ object: Any) throws(ParseError) -> JSONValue {
        guard let value = JSONValue(foundationObject: object) else { throw ParseError(message: "not valid JSON") }
        return value
    }

    /// What `JSONSerialization` makes of `bytes`, after the check it lacks.
    private static func foundationObject(_ bytes: [UInt8]) throws(ParseError) -> Any {
        guard !hasTrailingComma(bytes) else { throw ParseError(message: "not valid JSON") }
        return try foundationObject(Data(bytes))
    }

    private static func foundationObject(_ data: Data) throws(ParseError) -> Any {
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw ParseError(message: "not valid JSON")
        }
    }

    /// Whether a comma is followed, past whitespace, by `]` or `}` outside a string: swift-corelibs-
    /// foundation's `JSONSerialization` accepts `[1,]` and `{"a":1,}`, which RFC 8259 (and
    /// `JSONDecoder`) reject. Every other malformation it rejects itself (tested).
    static func hasTrailingComma(_ data: some Sequence<UInt8>) -> Bool {
        var inString = false
        var escaped = false
        var afterComma = false
        for byte in data {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "]"), UInt8(ascii: "}"):
                if afterComma { return true }
            case UInt8(ascii: "\""):
                inString = true
            default:
                break
            }
            afterComma = byte == UInt8(ascii: ",")
        }
        return false
    }

    /// The class `JSONSerialization` gives booleans: `NSNumber` holds both numbers and booleans,
    /// and on Linux only the class tells them apart (`1` and `true` both cast to `Bool`).
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    /// Converts what `JSONSerialization` returns; `nil` for anything else.
    ///
    /// The Swift types are tried before the classes: asking whether a `String` or a dictionary is an
    /// `NSNumber` makes the runtime try to bridge it, which cost more than the parse itself.
    private init?(foundationObject object: Any) {
        switch object {
        case let string as String:
            self = .string(string)
        case let dictionary as [String: Any]:
            // No reserveCapacity: the call is not specialized for these types and instantiated the
            // dictionary's metadata on every request body, costing more than growing a small table.
            var members: [String: JSONValue] = [:]
            for (key, element) in dictionary {
                guard let value = JSONValue(foundationObject: element) else { return nil }
                members[key] = value
            }
            self = .object(members)
        case let array as [Any]:
            var values: [JSONValue] = []
            for element in array {
                guard let value = JSONValue(foundationObject: element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let number as NSNumber:
            self = ObjectIdentifier(type(of: number)) == Self.booleanClass ? .bool(number.boolValue) : .number(number.doubleValue)
        case is NSNull:
            self = .null
        default:
            return nil
        }
    }
}
