/// What the access handler's first call knows about a request, before any of it reaches the handler.
struct RequestShape {
    /// "HTTP/1.1", "HTTP/1.0", or "" for a request line without a version.
    var version: String
    /// Names lowercased, in arrival order.
    var headerFields: [(name: String, value: String)]
    /// The request target held a literal NUL (libmicrohttpd would have cut it there).
    var nulInTarget = false
    /// The method or a header line held a literal NUL (or a header was folded over lines).
    var nulInHeaders = false
    var tooManyQueryArguments = false
}

/// Refuses requests whose framing or bytes are ambiguous, before the handler sees them, with a
/// problem document and `Connection: close`: libmicrohttpd 0.9.75 lets them through.
///
/// - a literal NUL in the method, the target or a header: MHD keeps them as C strings, so the rest was
///   silently cut off (`DELETE /v1/sessions/victim\0xyz` deleted `victim`);
/// - `Content-Length` twice with different values, or with `Transfer-Encoding` (RFC 9112 §6.3: a
///   request smuggling shape): MHD read the first and ran the rest as a second request;
/// - a `Transfer-Encoding` other than `chunked`: MHD waited for the connection to close (the
///   client waits for an answer: a hang until the idle timeout);
/// - HTTP/1.1 without `Host`, or with two (RFC 9112 §3.2);
/// - HTTP/1.0 with `Transfer-Encoding` (RFC 9112 §6.1: faulty framing);
/// - more than ``maxQueryArguments`` query arguments: MHD ran out of its per-connection pool at
///   about 458 and closed the connection without an answer.
///
/// Queued on the access handler's first call, the answer makes libmicrohttpd close the connection
/// after it (and discard any body), so nothing that follows runs as another request.
enum RequestValidation {
    /// No route takes more than a few query arguments.
    static let maxQueryArguments = 100

    static func refusal(for shape: RequestShape) -> Response? {
        if shape.nulInTarget { return malformed("The request target contains a NUL byte.") }
        if shape.nulInHeaders { return malformed("The method or a header field contains a NUL byte, or a header is folded over lines.") }
        if shape.tooManyQueryArguments {
            return HTTPProblem.tooManyQueryArguments.response(
                detail: "A request may carry at most \(maxQueryArguments) query arguments.")
        }
        // One pass over the fields, which every request makes (filtering them per name and building
        // a set of the lengths cost about 1,000 instructions of a GET, callgrind).
        var hosts = 0
        var length: String?
        var lengthsDiffer = false
        var codings: [String] = []
        // By index, the fields read in place: `for field in` retained and released both strings of
        // every field.
        let fields = shape.headerFields
        for index in fields.indices {
            guard isFieldName(fields[index].name) else {
                return malformed("A header field name must not be empty or hold whitespace (none before its colon) or control characters.")
            }
            // By length first: a `switch` on the name compared it with each literal in turn, and
            // `==` on two different small strings takes the standard library's slow comparison.
            switch fields[index].name.utf8.count {
            case 4 where fields[index].name == "host": hosts += 1
            case 14 where fields[index].name == "content-length":
                if let length, length != fields[index].value { lengthsDiffer = true }
                if length == nil { length = fields[index].value }
            case 17 where fields[index].name == "transfer-encoding": codings.append(fields[index].value)
            default: break
            }
        }
        if shape.version == "HTTP/1.1", hosts == 0 { return malformed("HTTP/1.1 requests must carry a Host header.") }
        if hosts > 1 { return malformed("A request must carry one Host header, not \(hosts).") }
        if !codings.isEmpty, length != nil {
            return malformed("A request must not carry both Content-Length and Transfer-Encoding.")
        }
        if lengthsDiffer { return malformed("A request must not carry different Content-Length values.") }
        // RFC 9112 §6.1: an HTTP/1.0 message with Transfer-Encoding has faulty framing (1.0 has no
        // chunked coding, so an intermediary may frame it otherwise); 0.9.75 read it chunked (issue 53).
        if shape.version == "HTTP/1.0", !codings.isEmpty {
            return malformed("HTTP/1.0 requests must not carry Transfer-Encoding (RFC 9112 §6.1); send Content-Length.")
        }
        if codings.count > 1 || codings.contains(where: { !isChunked($0) }) {
            return HTTPProblem.unsupportedTransferCoding.response(
                detail: "The only transfer coding accepted is chunked.")
        }
        return nil
    }

    /// Whether `name` can be a field name as libmicrohttpd 1.0 reads one: not empty, and without
    /// whitespace or control characters (RFC 9110 §5.1 wants a token; 1.0, at the client discipline
    /// segued runs it with, refuses an empty name and whitespace in or after it, and passes other
    /// bytes on, which the handler treats as unknown fields). libmicrohttpd 0.9.75 keeps whatever
    /// precedes the colon, so `Content-Length : 5` arrived as a field named "content-length " that
    /// framing ignored while a proxy in front may have used it: the body then ran as the next
    /// request (issue 28). RFC 9112 §5.1: a server must refuse whitespace between a field name and
    /// its colon with 400.
    static func isFieldName(_ name: String) -> Bool {
        !name.isEmpty && name.everyUTF8Byte { $0 > 0x20 && $0 != 0x7F }
    }

    private static func malformed(_ detail: String) -> Response {
        HTTPProblem.malformedRequest.response(detail: detail)
    }

    /// libmicrohttpd treats the value case-insensitively as one coding (connection.c,
    /// parse_connection_headers): "chunked" alone, without surrounding whitespace.
    private static func isChunked(_ value: String) -> Bool {
        value.utf8.count == 7 && Request.folded(value) == "chunked"
    }
}

