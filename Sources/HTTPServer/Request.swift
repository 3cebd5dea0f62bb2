/// An HTTP request as the handler sees it: copied out of libmicrohttpd, so it is a plain value.
public struct Request: Sendable {
    public var method: String
    /// The path without the query string, percent-decoded by libmicrohttpd.
    public var path: String
    /// Query arguments in order; a bare `?flag` has an empty value.
    public var query: [(name: String, value: String)]
    /// Header fields in arrival order, names lowercased (RFC 9110 field names are case-insensitive).
    ///
    /// A list, not a dictionary: requests carry a handful of fields and the service asks for a few,
    /// so a scan costs less than hashing every name to build a table per request.
    public var headerFields: [(name: String, value: String)]
    public var body: [UInt8]
    /// The body was larger than the request's limit (``ServerConfiguration/bodyLimit(method:path:)``) and
    /// was dropped: the handler answers 413.
    public var bodyExceededLimit: Bool

    public init(
        method: String, path: String, query: [(name: String, value: String)] = [],
        headerFields: [(name: String, value: String)], body: [UInt8] = [], bodyExceededLimit: Bool = false
    ) {
        self.method = method
        self.path = path
        self.query = query
        self.headerFields = headerFields
        self.body = body
        self.bodyExceededLimit = bodyExceededLimit
    }

    /// A request with header fields given by name (names are folded to lowercase; order is the
    /// names' order), as tests and tools build them.
    public init(
        method: String, path: String, query: [(name: String, value: String)] = [], headers: [String: String] = [:],
        body: [UInt8] = [], bodyExceededLimit: Bool = false
    ) {
        self.init(
            method: method, path: path, query: query,
            headerFields: headers.sorted { $0.key < $1.key }.map { (Request.folded($0.key), $0.value) },
            body: body, bodyExceededLimit: bodyExceededLimit)
    }

    /// The header fields by name; the first field wins when a name repeats.
    public var headers: [String: String] {
        Dictionary(headerFields.map { ($0.name, $0.value) }) { first, _ in first }
    }

    /// The value of a header field, by case-insensitive name.
    /// Field names are ASCII tokens (RFC 9110 §5.1), so only ASCII letters are folded, as they are
    /// when a request's names are stored.
    public func header(_ name: String) -> String? {
        // Compared in place (the stored names are lowercase): folding `name` first made a new string
        // on every lookup of a mixed-case name, such as `X-Request-ID` on every request.
        // By index, each name read in place: `for field in` copied every field it passed (two
        // strings retained and released a field, five lookups a request).
        for index in headerFields.indices where sameFieldName(headerFields[index].name, name) { return headerFields[index].value }
        return nil
    }

    /// `name` with ASCII letters lowercased; `name` itself when it has none.
    static func folded(_ name: String) -> String {
        // Over the bytes' span: `utf8.contains(where:)` cost 350 instructions for a 15-byte name,
        // and every request looks up three or four.
        let bytes = name.utf8.span
        var index = 0
        while index < bytes.count, bytes[index] < UInt8(ascii: "A") || bytes[index] > UInt8(ascii: "Z") { index += 1 }
        guard index < bytes.count else { return name }
        return String(decoding: name.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// The first value of a query argument.
    public func queryValue(_ name: String) -> String? { query.first { $0.name == name }?.value }
}
