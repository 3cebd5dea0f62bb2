import Foundation
import HTTPServer
import Navigation
import Storyboard

/// A JSON request body being read into a command: the object, and every problem found on the way,
/// reported together as one `invalid-request` problem.
struct RequestBody {
    /// The top-level members, read by comparing keys (no hashing: see `JSONMembers`).
    let object: JSONMembers
    var reader = JSONFieldReader()

    /// A body already parsed: one operation of a batch.
    init(members: JSONMembers) { object = members }

    /// Checks the media type and parses the body as a JSON object.
    /// - Throws: `Problem` 415 for another media type, 400 for malformed JSON or a non-object.
    init(_ request: Request, allowEmpty: Bool = false) throws(Problem) {
        if allowEmpty, request.body.isEmpty {
            object = JSONMembers([])
            return
        }
        guard RequestBody.isJSON(request.header("content-type")) else {
            throw .unsupportedMediaType(request.header("content-type"), expected: ["application/json"])
        }
        let document: JSONValue.TopLevel
        do {
            document = try JSONValue.parseTopLevel(request.body)
        } catch {
            // The parser says what and where: "not valid JSON: a lone surrogate escape at byte 52".
            throw .malformedJSON(request.body.isEmpty ? "The request body is empty; expected a JSON object." : "The request body is \(error.message).")
        }
        switch document {
        case .object(let members):
            object = members
        case .other(let value):
            throw .malformedJSON("The request body must be a JSON object, not \(value.typeName).")
        }
    }

    /// The media type of a `Content-Type` field: lowercased, parameters dropped.
    private static func mediaType(_ contentType: String?) -> String? {
        contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// `application/json` or any `+json` type, parameters ignored.
    static func isJSON(_ contentType: String?) -> Bool {
        // The form nearly every client sends, checked before the general parse (which lowercases and
        // trims through Foundation, and cost more than the engine's work for a push).
        if contentType == "application/json" { return true }
        guard let type = mediaType(contentType) else { return false }
        return type == "application/json" || (type.hasPrefix("application/") && type.hasSuffix("+json"))
    }

    /// `application/xml`, `text/xml` or any `+xml` type.
    static func isXML(_ contentType: String?) -> Bool {
        guard let type = mediaType(contentType) else { return false }
        return type == "application/xml" || type == "text/xml" || (type.hasPrefix("application/") && type.hasSuffix("+xml"))
    }

    /// Records every field not in `keys` as unknown.
    mutating func only(_ keys: Set<String>) { only(where: keys.contains) }

    /// Records every field `isKnown` does not accept as unknown. The hot endpoints pass a `switch`
    /// over literals: a shared set would be hashed per field and retained by every thread.
    mutating func only(where isKnown: (String) -> Bool) { reader.rejectUnknownKeys(object, where: isKnown, at: "") }

    /// Records `key`, when it is present, as a field that does not belong with the others.
    mutating func reject(ifPresent key: String, _ message: String) {
        if object[key] != nil { reader.fail(key, message) }
    }

    mutating func string(_ key: String) -> String? { reader.string(object[key], key, at: "") }
    mutating func bool(_ key: String) -> Bool? { reader.bool(object[key], key, at: "") }
    mutating func int(_ key: String) -> Int? { reader.int(object[key], key, at: "") }

    /// Whether `key` is absent or `null`: both count as missing for a required field.
    func isMissing(_ key: String) -> Bool { (object[key] ?? .null) == .null }

    mutating func required(_ key: String) -> String? {
        if isMissing(key) { reader.fail(key, "missing") }
        return string(key)
    }

    mutating func requiredInt(_ key: String) -> Int? {
        if isMissing(key) { reader.fail(key, "missing") }
        return int(key)
    }

    mutating func requiredController(_ key: String) -> ControllerID? {
        if isMissing(key) { reader.fail(key, "missing") }
        return controller(key)
    }

    mutating func requiredEnumeration<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ key: String) -> E? where E.RawValue == String {
        if isMissing(key) { reader.fail(key, "missing") }
        return enumeration(type, key)
    }

    /// An instance id (`vc3`).
    mutating func controller(_ key: String) -> ControllerID? {
        guard let text = string(key) else { return nil }
        guard let id = ControllerID(text) else {
            reader.fail(key, "\"\(text)\" is not an instance id (vc1, vc2, …)")
            return nil
        }
        return id
    }

    mutating func enumeration<E: RawRepresentable & CaseIterable>(_ type: E.Type, _ key: String) -> E? where E.RawValue == String {
        reader.enumeration(type, object[key], key, at: "")
    }

    /// An optional member that must be an object; `null` counts as absent, as for every other field.
    mutating func objectMember(_ key: String) -> [String: JSONValue]? {
        guard let value = object[key], value != .null else { return nil }
        guard let members = value.objectValue else {
            reader.fail(key, "expected an object, found \(value.typeName)")
            return nil
        }
        return members
    }

    /// Data for `prepare(for:sender:)`: any JSON object.
    mutating func data(_ key: String = "data") -> JSONValue? { objectMember(key).map(JSONValue.object) }

    /// A scene as code names it: `storyboardIdentifier` (what `instantiateViewController(withIdentifier:)`
    /// takes) or `scene` (the storyboard's scene key).
    mutating func sceneReference(required: Bool) -> SceneReference? {
        switch either("storyboardIdentifier", or: "scene", required: required) {
        case .first(let identifier)?: .storyboardIdentifier(identifier)
        case .second(let scene)?: .scene(SceneID(scene))
        case nil: nil
        }
    }

    /// Which of two string fields that name one thing two ways was given.
    enum Either {
        case first(String)
        case second(String)
    }

    /// One of the string fields `first` and `second`; both is recorded, and neither when `required`
    /// (absent or null; `missing` says what to give instead). A field of another type is recorded
    /// once, by its own reading, not also as missing.
    mutating func either(_ first: String, or second: String, required: Bool = true, missing: String? = nil) -> Either? {
        switch (string(first), string(second)) {
        case (let value?, nil): return .first(value)
        case (nil, let value?): return .second(value)
        case (.some, .some): reader.fail(second, "give \(first) or \(second), not both")
        case (nil, nil):
            if required, isMissing(first), isMissing(second) { reader.fail(first, missing ?? "missing (or give \(second))") }
        }
        return nil
    }

    /// Throws the collected problems, if any.
    func finish() throws(Problem) {
        guard reader.issues.isEmpty else {
            throw .invalidRequest(reader.issues.map { ($0.path, $0.message) })
        }
    }

    /// Returns `value` when every field was read without a problem; throws the problems otherwise.
    /// A `nil` value with no recorded problem is a decoding defect, reported rather than trapped.
    func finish<T>(_ value: T?) throws(Problem) -> T {
        try finish()
        guard let value else { throw .invalidRequest([("", "incomplete request")]) }
        return value
    }
}
