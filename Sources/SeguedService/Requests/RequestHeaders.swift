import HTTPServer

/// Header fields and query parameters whose shape openapi.yaml states: read here, refused with
/// 400 `invalid-parameter` when they do not have it (`.ci/check-schema-rules` walks each rule).
extension SeguedService {
    /// Event sequence numbers (`after`, `Last-Event-ID`): 0 up to 2^52, the bound the engine keeps
    /// its counters under (a snapshot's `nextEventSequence` has the same maximum), so a larger one
    /// could name no event. openapi.yaml states the same `maximum`.
    static let sequenceRange = 0...(1 << 52)

    /// A JSON Schema `integer` as a query parameter or header field carries it: ASCII digits, with a
    /// `-` before them for a negative number, nothing else. Swift's `Int(_:)` also takes a leading
    /// `+`, which openapi.yaml's schemas do not (issue 53: `Last-Event-ID: +5` was accepted).
    static func decimalInteger<Text: StringProtocol>(_ text: Text) -> Int? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ (0x30...0x39).contains($0) }) else { return nil }
        return Int(text)
    }

    /// `If-Match`, if sent: `*` or a list of entity tags (RFC 9110 §13.1.1), as openapi.yaml's
    /// `IfMatch` pattern says. An empty or malformed field is a client error (400), not a revision
    /// that does not match (412): no revision could ever match it.
    static func ifMatch(_ request: Request) throws(Problem) -> String? {
        guard let field = request.header("if-match") else { return nil }
        guard isEntityTagList(field) else {
            throw .invalidParameter(
                "If-Match", field.isEmpty ? "empty; expected an entity tag such as \"5\" (the ETag), or *" : "expected an entity tag such as \"5\" (the ETag), a list of them, or *")
        }
        return field
    }

    /// `*`, or `[W/]"etagc*"` items separated by commas with optional spaces or tabs around them,
    /// where etagc is any visible ASCII character but `"` (RFC 9110 §8.8.3; obs-text is not accepted).
    static func isEntityTagList(_ field: String) -> Bool {
        let bytes = Array(field.utf8)
        if bytes == [UInt8(ascii: "*")] { return true }
        var index = 0
        func skipSpaces() { while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x09 { index += 1 } }
        while index < bytes.count {
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "W"), bytes[index + 1] == UInt8(ascii: "/") { index += 2 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
            index += 1
            while index < bytes.count, bytes[index] == 0x21 || (0x23...0x7E).contains(bytes[index]) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return false }
            index += 1
            skipSpaces()
            if index == bytes.count { return true }
            guard bytes[index] == UInt8(ascii: ",") else { return false }
            index += 1
            skipSpaces()
        }
        return false  // empty, or a trailing comma
    }
}

extension String {
    /// The field value without the spaces and tabs around it (RFC 9110 §5.5's OWS).
    var trimmingOptionalWhitespace: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return self[start...end]
    }
}
