internal import CMicroHTTPD

/// A response handed to libmicrohttpd once and queued as it is for every request that gets it:
/// MHD keeps its own copy of the body and headers, reference-counted, and one response may be
/// queued from any thread (notes/libmicrohttpd.md, pitfall 7).
///
/// For documents served many times unchanged (a session's stack between operations): building,
/// copying and destroying an MHD response per request was a fifth of a cached `GET …/stack`.
///
/// `@unchecked Sendable`: the MHD response is never changed after `init`, MHD counts its queued
/// uses under its own lock, and `deinit` only drops this object's reference (a connection still
/// sending it keeps it alive).
public final class PreparedResponse: @unchecked Sendable {
    let handle: OpaquePointer

    /// `nil` when MHD cannot make the response; the response is then sent the ordinary way.
    init?(_ response: Response) {
        guard let handle = mhdResponse(response) else { return nil }
        self.handle = handle
    }

    deinit { MHD_destroy_response(handle) }
}

extension Response {
    /// This response with a ``PreparedResponse`` made from it, for answering many requests alike.
    /// Changing the status, a header or the body afterwards drops the prepared form.
    public func preparedForReuse() -> Response {
        var response = self
        response.prepared = PreparedResponse(self)
        return response
    }
}

/// An MHD response with `response`'s body (copied) and headers. MHD refuses a manual
/// Content-Length and header values with CR or LF (pitfall 8): those are skipped. A 304's
/// Content-Length, the length of the 200 it stands for (RFC 9110 §8.6), becomes the size of a
/// response without content, which MHD states and does not send.
func mhdResponse(_ response: Response) -> OpaquePointer? {
    let made: OpaquePointer?
    if response.status == 304, let length = statedLength(response) {
        made = segued_mhd_length_only_response(length)
    } else {
        made = response.body.withUnsafeBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
        }
    }
    guard let made else { return nil }
    addSecurityHeaders(made, unlessIn: response)
    for (name, value) in response.headers where !isContentLength(name) {
        // Bytes, not Characters: iterating Characters ran grapheme breaking on every header value.
        guard !value.utf8.contains(where: { $0 == 13 || $0 == 10 }) else { continue }
        // withCString lends a native string's own NUL-terminated bytes; passing the String itself
        // made an array copy of each name and value.
        _ = name.withCString { name in value.withCString { value in MHD_add_response_header(made, name, value) } }
    }
    return made
}

/// Every response says `X-Content-Type-Options: nosniff` (a browser must not run a JSON body or a
/// problem as HTML or script), and `Cache-Control: no-store` unless it sets its own (API documents
/// are per session and change with every operation; a shared cache must not keep them).
private func addSecurityHeaders(_ made: OpaquePointer, unlessIn response: Response) {
    _ = MHD_add_response_header(made, "X-Content-Type-Options", "nosniff")
    if response.header("Cache-Control") == nil { _ = MHD_add_response_header(made, "Cache-Control", "no-store") }
}

/// The Content-Length a response without a body states, if it states one.
private func statedLength(_ response: Response) -> UInt64? {
    guard response.body.isEmpty, let field = response.headers.first(where: { isContentLength($0.name) }) else { return nil }
    return UInt64(field.value)
}

private func isContentLength(_ name: String) -> Bool {
    name.utf8.count == 14 && name.lowercased() == "content-length"
}
