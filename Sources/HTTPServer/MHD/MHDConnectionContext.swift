import Synchronization

/// Per-request state kept in libmicrohttpd's `*con_cls` between callbacks: what the request line
/// showed before libmicrohttpd changed it, then the method and path from the access handler's first
/// call and the body as it arrives in pieces.
///
/// "`con_cls` is per request, not per connection" (notes/libmicrohttpd.md). Made by the URI log
/// callback (``mhdURILogged``), whose result libmicrohttpd stores as `*con_cls`; released exactly once
/// in the request-completed callback, which MHD calls for aborted and refused requests too (the URI
/// log callback makes the request "client aware", connection.c).
final class MHDConnectionContext {
    /// Set on the access handler's first call (headers complete).
    private(set) var method = "GET"
    private(set) var path = "/"
    private(set) var headersSeen = false
    /// Header fields, names lowercased, copied out on the first call.
    private(set) var headerFields: [(name: String, value: String)] = []
    /// The body limit: the server's default until the headers show the method and path, then the
    /// route's (ServerConfiguration.bodyLimit), before any of the body arrives.
    private(set) var limit: Int
    /// Bytes of the request target up to its first NUL, measured before libmicrohttpd splits and
    /// decodes it: shorter than the target when the target holds a literal NUL.
    let rawTargetLength: Int
    /// The target had more query arguments than ``RequestValidation/maxQueryArguments``: they were
    /// cut off before libmicrohttpd parsed them (its per-connection pool ran out at about 458 and it
    /// then closed the connection without an answer), and the request is refused.
    let tooManyQueryArguments: Bool
    private(set) var body: [UInt8] = []
    private(set) var exceededLimit = false
    /// The stream the response sends, told when the request ends (the connection is then gone).
    var stream: ResponseStream?
    /// A response held back by its gate while the connection is suspended (MHDDeferredResponse.swift).
    var deferred: Response?

    /// Counts the contexts alive, so that a leak test can check every retain had its release.
    private let core: ServerCore

    init(rawTargetLength: Int, tooManyQueryArguments: Bool, limit: Int, core: ServerCore) {
        self.rawTargetLength = rawTargetLength
        self.tooManyQueryArguments = tooManyQueryArguments
        self.limit = limit
        self.core = core
        core.liveContexts.add(1, ordering: .relaxed)
    }

    deinit { core.liveContexts.subtract(1, ordering: .relaxed) }

    /// Records the access handler's first call.
    func headersReceived(method: String, path: String, limit: Int, headerFields: [(name: String, value: String)]) {
        self.method = method
        self.path = path
        self.limit = limit
        self.headerFields = headerFields
        headersSeen = true
    }

    /// The whole request, its path, fields and body moved out of the context (swapped for empty
    /// values): nothing reads them here again once the handler has the request, and copying them
    /// took a reference count on each, given back when the context went.
    func takeRequest(query: [(name: String, value: String)]) -> Request {
        var path = ""
        var headerFields: [(name: String, value: String)] = []
        var body: [UInt8] = []
        swap(&path, &self.path)
        swap(&headerFields, &self.headerFields)
        swap(&body, &self.body)
        return Request(
            method: method, path: path, query: query, headerFields: headerFields, body: body, bodyExceededLimit: exceededLimit)
    }

    /// `Content-Length` (one value, after request validation) declares a body over the route's
    /// limit: refused on the headers' call, before any of the body is read. libmicrohttpd (0.9.75
    /// and 1.0.1) lets a response be queued only on that call or once the whole body is in, so
    /// this is the one early moment. A client waiting for "100 Continue" gets no "100 Continue"
    /// (issue 28: a declared 100 MB body got it and was read before the 413); one that sends its
    /// body at once is answered as well, and the connection closed after the 413 (issue 53: a
    /// 100 MB body without `Expect` was read whole first).
    var declaresBodyOverLimit: Bool {
        guard let field = headerFields.first(where: { $0.name == "content-length" }) else { return false }
        // Digits only (libmicrohttpd refuses anything else itself): past Int's range is over any limit.
        guard !field.value.isEmpty, field.value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return false }
        return Int(field.value).map { $0 > limit } ?? true
    }

    /// Appends a piece of the body; past the limit the body is dropped and the rest is drained.
    func append(_ bytes: UnsafeRawBufferPointer) {
        guard !exceededLimit else { return }
        if body.count + bytes.count > limit {
            exceededLimit = true
            body = []
        } else {
            body.append(contentsOf: bytes)
        }
    }
}

/// Collects key/value pairs from `MHD_get_connection_values` during one synchronous call. A value on
/// the caller's stack, lent to the iterator by pointer: as a class it was allocated and freed for
/// every request's header fields.
struct MHDValueCollector {
    var pairs: [(name: String, value: String)] = []
    /// Header names are stored lowercased; query argument names as sent.
    let lowercasingNames: Bool
}
