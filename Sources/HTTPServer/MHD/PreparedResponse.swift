internal import CMicroHTTPD

#if canImport(Glibc)
    import Glibc
#endif

/// A response handed to libmicrohttpd once and queued as it is for every request that gets it:
/// MHD counts its queued uses, and one response may be queued from any thread
/// (notes/libmicrohttpd.md, pitfall 7).
///
/// For documents served many times unchanged (a session's stack between operations): building,
/// copying and destroying an MHD response per request was a fifth of a cached `GET …/stack`.
/// A request with fields of its own (``Response/requestHeaders``: every request id) cannot use the
/// shared MHD response, whose fields are the same for every request; it gets a response of its own
/// made from the prepared bytes (``response(adding:)``): the body is shared, not copied, and the
/// fields were checked once.
///
/// `@unchecked Sendable`: the MHD response and the bytes are never changed after `init`, MHD
/// counts its queued uses under its own lock, and `deinit` only drops this object's reference (a
/// connection still sending it keeps it, and the bytes, alive).
public final class PreparedResponse: @unchecked Sendable {
    let handle: OpaquePointer
    private let bytes: PreparedBytes

    /// `nil` when MHD cannot make the response; the response is then sent the ordinary way.
    init?(_ response: Response) {
        let bytes = PreparedBytes(response)
        guard let handle = bytes.mhdResponse() else { return nil }
        self.bytes = bytes
        self.handle = handle
    }

    deinit { MHD_destroy_response(handle) }

    /// An MHD response for one request: the prepared body and fields, then `requestHeaders`. The
    /// caller queues and destroys it.
    func response(adding requestHeaders: [(name: String, value: String)]) -> OpaquePointer? {
        guard let made = bytes.mhdResponse() else { return nil }
        addFields(requestHeaders, to: made)
        return made
    }
}

/// The body and header fields of a prepared response, in memory of their own (C strings for the
/// fields), freed when the last MHD response made from them has been destroyed: each one holds a
/// retain, given back by libmicrohttpd's free callback (after the response was sent, whenever the
/// connection is done with it).
///
/// `@unchecked Sendable`: written once in `init`, then only read.
private final class PreparedBytes: @unchecked Sendable {
    private let body: UnsafeMutableRawPointer?
    private let size: Int
    /// The length a 304 states (`UInt64.max`: a response with content).
    private let statedLength: UInt64
    /// Names and values, alternating: the security fields and the response's own, checked.
    private let fields: [UnsafeMutablePointer<CChar>?]

    init(_ response: Response) {
        statedLength = response.status == 304 ? statedLengthOf(response) ?? .max : .max
        let size = response.body.count
        let body = size == 0 ? nil : malloc(size)
        if let body { response.body.withUnsafeBytes { body.copyMemory(from: $0.baseAddress!, byteCount: size) } }
        self.size = size
        self.body = body
        var fields: [UnsafeMutablePointer<CChar>?] = []
        forEachField(of: response) { name, value in
            fields.append(strdup(name))
            fields.append(strdup(value))
        }
        self.fields = fields
    }

    deinit {
        free(body)
        for field in fields { free(field) }
    }

    func mhdResponse() -> OpaquePointer? {
        let retained = Unmanaged.passRetained(self).toOpaque()
        // segued_mhd_response_sharing calls the release exactly once, also when it fails.
        return fields.withUnsafeBufferPointer { fields in
            fields.withMemoryRebound(to: UnsafePointer<CChar>?.self) { fields in
                segued_mhd_response_sharing(body, size, statedLength, fields.baseAddress, fields.count, preparedBytesRelease, retained)
            }
        }
    }
}

/// libmicrohttpd's free callback of responses made from ``PreparedBytes``: gives back their retain.
private let preparedBytesRelease: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<PreparedBytes>.fromOpaque(cls).release()
}

extension Response {
    /// This response with a ``PreparedResponse`` made from it, for answering many requests alike.
    /// Changing the status, a header or the body afterwards drops the prepared form; setting
    /// ``requestHeaders`` keeps it.
    public func preparedForReuse() -> Response {
        var response = self
        response.prepared = PreparedResponse(self)
        return response
    }
}

/// An MHD response with `response`'s body (copied) and headers, its request's fields included. A
/// 304's Content-Length, the length of the 200 it stands for (RFC 9110 §8.6), becomes the size of a
/// response without content, which MHD states and does not send.
func mhdResponse(_ response: Response) -> OpaquePointer? {
    let made: OpaquePointer?
    if response.status == 304, let length = statedLengthOf(response) {
        made = segued_mhd_length_only_response(length)
    } else {
        made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
    }
    guard let made else { return nil }
    forEachField(of: response) { name, value in _ = MHD_add_response_header(made, name, value) }
    addFields(response.requestHeaders, to: made)
    return made
}

/// Calls `body` with each field libmicrohttpd is given for `response` (its request's fields apart),
/// as C strings. Every response says `X-Content-Type-Options: nosniff` (a browser must not run a
/// JSON body or a problem as HTML or script), and `Cache-Control: no-store` unless it sets its own
/// (API documents are per session and change with every operation; a shared cache must not keep
/// them). Then the response's own fields, but not Content-Length, which MHD refuses (pitfall 8).
private func forEachField(of response: Response, _ body: (UnsafePointer<CChar>, UnsafePointer<CChar>) -> Void) {
    body("X-Content-Type-Options", "nosniff")
    if response.header("Cache-Control") == nil { body("Cache-Control", "no-store") }
    forEachSendable(response.headers) { name, value in
        if !isContentLength(name) { name.withCString { name in value.withCString { value in body(name, value) } } }
    }
}

/// Adds to `made` the fields every response gets and `response`'s own (``forEachField(of:_:)``).
func addStandardFields(of response: Response, to made: OpaquePointer) {
    forEachField(of: response) { name, value in _ = MHD_add_response_header(made, name, value) }
}

/// Adds `fields` to `made`: those libmicrohttpd takes (pitfall 8: no value with CR or LF).
func addFields(_ fields: [(name: String, value: String)], to made: OpaquePointer) {
    // withCString lends a native string's own NUL-terminated bytes; passing the String itself
    // made an array copy of each name and value.
    forEachSendable(fields) { name, value in
        _ = name.withCString { name in value.withCString { value in MHD_add_response_header(made, name, value) } }
    }
}

private func forEachSendable(_ fields: [(name: String, value: String)], _ body: (String, String) -> Void) {
    for (name, value) in fields where !holdsLineBreak(value) { body(name, value) }
}

/// Whether `value` holds a CR or LF. Over its bytes' span: iterating Characters ran grapheme
/// breaking on every header value, and the UTF-8 view's iterator cost about 1,000 instructions of a
/// GET's fields (callgrind).
private func holdsLineBreak(_ value: String) -> Bool {
    !value.everyUTF8Byte { $0 != 13 && $0 != 10 }
}

/// The Content-Length a response without a body states, if it states one.
private func statedLengthOf(_ response: Response) -> UInt64? {
    guard response.body.isEmpty, let field = response.headers.first(where: { isContentLength($0.name) }) else { return nil }
    return UInt64(field.value)
}

private func isContentLength(_ name: String) -> Bool { sameFieldName(name, "Content-Length") }
