/// An HTTP request as the handler sees it: copied out of libmicrohttpd, so it is a plain value.
public struct Request: Sendable {
    public var method: String
    /// The path without the query string, percent-decoded by libmicrohttpd.
    public var path: String
    /// Query arguments in order; a bare `?flag` has an empty value.
    public var query: [(name: String, value: String)]
    /// Header fields with lowercased names (RFC 9110 field names are case-insensitive).
    public var headers: [String: String]
    public var body: [UInt8]
    /// The body was larger than the configured limit and was dropped: the handler answers 413.
    public var bodyExceededLimit: Bool

    public init(
        method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:],
        body: [UInt8] = [], bodyExceededLimit: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyExceededLimit = bodyExceededLimit
    }

    /// The value of a header field, by case-insensitive name.
    /// Field names are ASCII tokens (RFC 9110 §5.1), so only ASCII letters are folded, as they are
    /// when a request's names are stored.
    public func header(_ name: String) -> String? {
        // Callers mostly pass lowercase literals: those are looked up as they are.
        guard name.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return headers[name] }
        let folded = name.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }
        return headers[String(decoding: folded, as: UTF8.self)]
    }

    /// The first value of a query argument.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }
}
