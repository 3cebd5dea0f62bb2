/// Reads typed fields out of a `JSONValue` object and records every problem with its path,
/// so that a loader reports all of them at once rather than the first. Request bodies use it too.
public struct JSONFieldReader {
    public private(set) var issues: [StoryboardError.Issue] = []

    public init() {}

    public mutating func fail(_ path: String, _ message: String) {
        issues.append(StoryboardError.Issue(path: path, message: message))
    }

    /// The object at `path`, or `nil` (with an issue) when the value is of another type.
    public mutating func object(_ value: JSONValue?, at path: String) -> [String: JSONValue]? {
        guard let value else { return nil }
        guard let object = value.objectValue else {
            fail(path, "expected an object, found \(value.typeName)")
            return nil
        }
        return object
    }

    /// Records each key of `object` that is not in `known`, sorted, as an unknown field.
    public mutating func rejectUnknownKeys(_ object: [String: JSONValue], known: Set<String>, at path: String) {
        // Sorting (an allocation) only when there is something to report.
        guard !object.keys.allSatisfy(known.contains) else { return }
        for key in object.keys.sorted() where !known.contains(key) {
            fail(join(path, key), "unknown field")
        }
    }

    /// Records each key of `object` that `isKnown` does not accept, sorted, as an unknown field.
    public mutating func rejectUnknownKeys(_ object: JSONMembers, where isKnown: (String) -> Bool, at path: String) {
        for key in object.keys(rejectedBy: isKnown) {
            fail(join(path, key), "unknown field")
        }
    }

    public mutating func string(_ object: [String: JSONValue], _ key: String, at path: String) -> String? {
        string(object[key], key, at: path)
    }

    /// The string in `value`, the member `key` of the object at `path` (`nil` for absent and null).
    /// The forms that take the value let a caller look it up its own way (``JSONMembers``); the
    /// path is joined only for a problem.
    public mutating func string(_ value: JSONValue?, _ key: String, at path: String) -> String? {
        guard let value, value != .null else { return nil }
        guard let string = value.stringValue else {
            fail(join(path, key), "expected a string, found \(value.typeName)")
            return nil
        }
        return string
    }

    public mutating func bool(_ object: [String: JSONValue], _ key: String, at path: String) -> Bool? {
        bool(object[key], key, at: path)
    }

    public mutating func bool(_ value: JSONValue?, _ key: String, at path: String) -> Bool? {
        guard let value, value != .null else { return nil }
        guard let bool = value.boolValue else {
            fail(join(path, key), "expected a boolean, found \(value.typeName)")
            return nil
        }
        return bool
    }

    public mutating func int(_ object: [String: JSONValue], _ key: String, at path: String) -> Int? {
        int(object[key], key, at: path)
    }

    public mutating func int(_ value: JSONValue?, _ key: String, at path: String) -> Int? {
        guard let value, value != .null else { return nil }
        guard let int = value.intValue else {
            fail(join(path, key), "expected an integer, found \(value.typeName)")
            return nil
        }
        return int
    }

    public mutating func strings(_ object: [String: JSONValue], _ key: String, at path: String) -> [String] {
        guard let value = object[key], value != .null else { return [] }
        guard let array = value.arrayValue else {
            fail(join(path, key), "expected an array of strings, found \(value.typeName)")
            return []
        }
        var result: [String] = []
        for (index, element) in array.enumerated() {
            if let string = element.stringValue {
                result.append(string)
            } else {
                fail("\(join(path, key))[\(index)]", "expected a string, found \(element.typeName)")
            }
        }
        return result
    }

    public mutating func boolMap(_ object: [String: JSONValue], _ key: String, at path: String) -> [String: Bool] {
        // null is absent, as for every other member.
        guard let map = self.object(object[key] == .null ? nil : object[key], at: join(path, key)) else { return [:] }
        var result: [String: Bool] = [:]
        for name in map.keys.sorted() {
            if let bool = map[name]?.boolValue {
                result[name] = bool
            } else {
                fail(join(join(path, key), name), "expected a boolean, found \(map[name]!.typeName)")
            }
        }
        return result
    }

    /// A string field that must be one of an enum's raw values.
    public mutating func enumeration<E: RawRepresentable & CaseIterable>(
        _ type: E.Type, _ object: [String: JSONValue], _ key: String, at path: String
    ) -> E? where E.RawValue == String {
        enumeration(type, object[key], key, at: path)
    }

    /// Inlinable, so that it is specialized for `E` where it is called: generic, through `E`'s
    /// witness tables, it cost a request body about 460 instructions for a member not even there.
    @inlinable
    public mutating func enumeration<E: RawRepresentable & CaseIterable>(
        _ type: E.Type, _ value: JSONValue?, _ key: String, at path: String
    ) -> E? where E.RawValue == String {
        guard let raw = string(value, key, at: path) else { return nil }
        guard let value = E(rawValue: raw) else {
            let allowed = E.allCases.map(\.rawValue).joined(separator: ", ")
            fail(join(path, key), "unknown value \"\(raw)\" (expected one of: \(allowed))")
            return nil
        }
        return value
    }

    public func join(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }
}
