internal import CMicroHTTPD
import Synchronization

// The C callbacks. Each recovers its Swift object from a `cls` pointer and calls one Swift method.
// MHD's pointers are valid only during a callback, so strings and bytes are copied out at once.

/// `MHD_AccessHandlerCallback`: called after the headers, once per body piece, and once more with
/// `*upload_data_size == 0` when the body is complete.
let mhdAccessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadDataSize, conCls in
    guard let cls, let connection, let conCls, let uploadDataSize, let stored = conCls.pointee else { return .NO }
    // The daemon's cls is the ServerCore, passed retained and released only after MHD_stop_daemon
    // has joined every MHD thread, so it outlives this call; the context is made by mhdURILogged
    // for this request and released in mhdRequestCompleted. Both are lent to the handler without a
    // retain: the core is one object both server threads use, and retaining and releasing it in
    // every call moved its reference count between the cores.
    return Unmanaged<ServerCore>.fromOpaque(cls)._withUnsafeGuaranteedRef { core in
        Unmanaged<MHDConnectionContext>.fromOpaque(stored)._withUnsafeGuaranteedRef { context in
            mhdAccess(core, context, connection, url, method, version, uploadData, uploadDataSize)
        }
    }
}

private func mhdAccess(
    _ core: ServerCore, _ context: MHDConnectionContext, _ connection: OpaquePointer, _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?, _ version: UnsafePointer<CChar>?, _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>
) -> MHD_Result {
    if !context.headersSeen {
        // First call: headers only. "Respond on a later access-handler call, never the first":
        // queuing here makes 0.9.75 close the connection (notes/libmicrohttpd.md, pitfall 1), which
        // is what a refused request wants. The body limit is decided here too, from the method and
        // path, before any of the body comes: each piece is kept or dropped against it as it
        // arrives (pitfall 6).
        // Copies: `method` and `url` themselves must stay libmicrohttpd's pointers, since the NUL
        // check below measures where they point in its read buffer.
        let methodName = method.map(mhdMethodName) ?? "GET"
        let path = url.map { String(cString: $0) } ?? "/"
        context.headersReceived(
            method: methodName, path: path, limit: core.configuration.bodyLimit(method: methodName, path: path),
            headerFields: mhdValues(connection, .HEADER_KIND, lowercasingNames: true))
        // libmicrohttpd refused the request itself (its own 400, 413 or 431 page) and sends that.
        guard segued_mhd_queued_status(connection) == 0 else { return .YES }
        // 1.0 refuses NULs and malformed field lines itself and lays out its buffer otherwise: the
        // walks below read 0.9.75's layout (MHDLibrary.refusesMalformedFieldLines).
        let walksBuffer = !MHDLibrary.running.refusesMalformedFieldLines
        let shape = RequestShape(
            version: version.map(mhdVersionName) ?? "", headerFields: context.headerFields,
            nulInTarget: walksBuffer && mhdTargetHidesNUL(url: url, version: version, rawLength: context.rawTargetLength),
            nulInHeaders: walksBuffer && segued_mhd_hides_nul(connection, method, url, version) != 0,
            tooManyQueryArguments: context.tooManyQueryArguments)
        if let refusal = RequestValidation.refusal(for: shape) { return mhdQueue(refusal, on: connection, core: core) }
        if context.declaresBodyOverLimit {
            // The route's own 413, as for a body found too large while read; queued on this first
            // call, libmicrohttpd sends no "100 Continue", reads none of the body and closes after.
            let request = Request(
                method: context.method, path: context.path, query: mhdValues(connection, .GET_ARGUMENT_KIND),
                headerFields: context.headerFields, body: [], bodyExceededLimit: true)
            return mhdQueue(core.respond(to: request), on: connection, core: core)
        }
        return .YES
    }
    if uploadDataSize.pointee > 0 {
        if let uploadData {
            context.append(UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee))
        }
        uploadDataSize.pointee = 0
        return .YES
    }
    // Called again after a held-back response's gate opened and resumed the connection.
    if let opened = mhdOpened(context) { return mhdQueue(opened, on: connection, core: core) }
    // The whole request is in: its deadline no longer runs (until the response has been sent).
    connectionRecord(connection)?.receivingSince.store(0, ordering: .relaxed)
    let request = context.takeRequest(query: mhdValues(connection, .GET_ARGUMENT_KIND))
    let response = core.respond(to: request)
    if let stream = response.stream { return mhdQueueStream(stream, response, context: context, core: core, on: connection) }
    if let gate = response.gate, !gate.outcome.opened { return mhdDefer(response, gate: gate, context: context, core: core, on: connection) }
    if response.gate != nil, let opened = mhdOpened(context, kept: response) { return mhdQueue(opened, on: connection, core: core) }
    return mhdQueue(response, on: connection, core: core)
}

/// `MHD_OPTION_URI_LOG_CALLBACK`: called with the raw request target once the request line is in,
/// "before we modify URI *or* args" (connection.c). Its result becomes the request's `*con_cls`: the
/// context, retained here and released in mhdRequestCompleted.
let mhdURILogged: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
    cls, uri, _ in
    guard let cls else { return nil }
    return Unmanaged<ServerCore>.fromOpaque(cls)._withUnsafeGuaranteedRef { core in mhdContext(core, uri) }
}

/// The context of a request whose raw target is `uri` (mhdURILogged), retained.
private func mhdContext(_ core: ServerCore, _ uri: UnsafePointer<CChar>?) -> UnsafeMutableRawPointer? {
    let rawLength = uri.map { Int(segued_strlen($0)) } ?? 0
    var tooMany = false
    if let uri, let query = mhdQueryStart(uri, length: rawLength) {
        var arguments = 1
        for index in 0..<(rawLength - query) where uri[query + index] == CChar(UInt8(ascii: "&")) { arguments += 1 }
        if arguments > RequestValidation.maxQueryArguments {
            tooMany = true
            // Cut the arguments off before libmicrohttpd parses them into its pool: it is about to
            // write a NUL over the "?" and parse what follows. The target lives in MHD's writable
            // read buffer (the `const` is only the callback's signature).
            UnsafeMutablePointer(mutating: uri)[query] = 0
        }
    }
    core.inFlight.add(1, ordering: .relaxed)
    let context = MHDConnectionContext(
        rawTargetLength: rawLength, tooManyQueryArguments: tooMany, limit: core.configuration.maxBodySize, core: core)
    return Unmanaged.passRetained(context).toOpaque()
}

/// The index just after the "?" of a raw target, if it has a query.
private func mhdQueryStart(_ uri: UnsafePointer<CChar>, length: Int) -> Int? {
    for index in 0..<length where uri[index] == CChar(UInt8(ascii: "?")) { return index + 1 }
    return nil
}

/// Whether the request target holds a literal NUL. libmicrohttpd hands the target on as a C string,
/// so `DELETE /v1/sessions/victim\0xyz` reached the router as `/v1/sessions/victim`. In its read
/// buffer the target runs up to the space before the HTTP version, which it overwrote with a NUL
/// (connection.c, parse_initial_message_line), and the access handler's `url` and `version` point
/// there: a target whose C string (measured before libmicrohttpd split and decoded it) stops short
/// of that space hid bytes behind a NUL. A request line without a version gets a static "".
private func mhdTargetHidesNUL(url: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, rawLength: Int) -> Bool {
    guard let url, let version, version.pointee != 0 else { return false }
    let distance = url.distance(to: version)
    return distance > 0 && rawLength < distance - 1
}

/// `MHD_RequestCompletedCallback`: releases the per-request context retained by mhdURILogged.
let mhdRequestCompleted: MHD_RequestCompletedCallback = { cls, connection, conCls, _ in
    guard let cls, let conCls, let stored = conCls.pointee else { return }
    // The next request's deadline starts now.
    if let connection { connectionRecord(connection)?.receivingSince.store(monotonicMilliseconds(), ordering: .relaxed) }
    let context = Unmanaged<MHDConnectionContext>.fromOpaque(stored)
    context.takeUnretainedValue().stream?.closed(.disconnected)
    context.release()
    conCls.pointee = nil
    _ = Unmanaged<ServerCore>.fromOpaque(cls)._withUnsafeGuaranteedRef { core in core.inFlight.subtract(1, ordering: .relaxed) }
}

/// The request's method and version as strings: the common ones are literals, which cost nothing to
/// make (`String(cString:)` decoded each, some 200 instructions a request); others are decoded.
private func mhdMethodName(_ method: UnsafePointer<CChar>) -> String {
    if mhdEquals(method, "GET") { return "GET" }
    if mhdEquals(method, "POST") { return "POST" }
    if mhdEquals(method, "PUT") { return "PUT" }
    if mhdEquals(method, "DELETE") { return "DELETE" }
    return String(cString: method)
}

private func mhdVersionName(_ version: UnsafePointer<CChar>) -> String {
    if mhdEquals(version, "HTTP/1.1") { return "HTTP/1.1" }
    if mhdEquals(version, "HTTP/1.0") { return "HTTP/1.0" }
    return String(cString: version)
}

/// Whether the C string is exactly `literal` (compared with its length, then its end: a literal
/// is not promised to end in a NUL).
private func mhdEquals(_ cString: UnsafePointer<CChar>, _ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    return literal.withUTF8Buffer { bytes in
        bytes.withMemoryRebound(to: CChar.self) { strncmp(cString, $0.baseAddress!, count) == 0 }
    } && cString[count] == 0
}

/// Copies the key/value pairs of one kind (headers, query arguments) out of the connection.
private func mhdValues(_ connection: OpaquePointer, _ kind: MHD_ValueKind, lowercasingNames: Bool = false) -> [(name: String, value: String)] {
    // Given no iterator, MHD only counts. No values (most requests have no query arguments):
    // nothing is allocated. Otherwise the array is reserved at its final size; its regrowth cost
    // a thousand instructions a request.
    let count = Int(MHD_get_connection_values(connection, kind, nil, nil))
    guard count > 0 else { return [] }
    var collector = MHDValueCollector(lowercasingNames: lowercasingNames)
    collector.pairs.reserveCapacity(count)
    // The pointer is good for the whole synchronous call, which is the iterator's only use of it.
    withUnsafeMutablePointer(to: &collector) { collector in
        _ = MHD_get_connection_values(connection, kind, mhdCollectValue, UnsafeMutableRawPointer(collector))
    }
    return collector.pairs
}

private let mhdCollectValue: MHD_KeyValueIterator = { cls, _, key, value in
    guard let cls, let key else { return .YES }
    let collector = cls.assumingMemoryBound(to: MHDValueCollector.self)
    let name = collector.pointee.lowercasingNames ? asciiLowercased(key) : String(cString: key)
    collector.pointee.pairs.append((name, value.map { String(cString: $0) } ?? ""))
    return .YES
}

/// A header name with ASCII letters lowercased, built from the C string's bytes: field names are
/// ASCII tokens (RFC 9110 §5.1), and `String.lowercased()` ran Unicode case mapping on every header
/// of every request.
private func asciiLowercased(_ cString: UnsafePointer<CChar>) -> String {
    let bytes = UnsafeRawBufferPointer(start: cString, count: strlen(cString))
    if let known = KnownFieldNames.name(cString, count: bytes.count) { return known }
    return String(unsafeUninitializedCapacity: bytes.count) { buffer in
        for (index, byte) in bytes.enumerated() {
            buffer[index] = byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
        }
        return bytes.count
    }
}

/// Queues a streamed response; the stream is counted among the server's open ones until it closes.
private func mhdQueueStream(
    _ stream: ResponseStream, _ response: Response, context: MHDConnectionContext, core: ServerCore, on connection: OpaquePointer
) -> MHD_Result {
    // Sent chunked, a stream is read straight into the connection's write buffer; the response's
    // own block (allocated per stream whatever its use) serves only unchunked HTTP/1.0 clients.
    guard let made = mhdStreamResponse(stream, headers: response.headers + response.requestHeaders, connection: connection, blockSize: 2048) else {
        stream.closed(.disconnected)
        return .NO
    }
    defer { MHD_destroy_response(made) }
    core.streams.add(stream)
    context.stream = stream
    return MHD_queue_response(connection, UInt32(response.status), made)
}

/// Queues `response`: its prepared MHD response when it has one (as it is, or with the request's
/// own fields as a response sharing its body), else one made for it and destroyed right away
/// (pitfall 7: MUST_COPY for Swift buffers; MHD keeps it until sent). A produced body's pieces and
/// a whole body over ``HeldBody/countedFrom`` are counted in the held-bytes budget while held.
func mhdQueue(_ response: Response, on connection: OpaquePointer, core: ServerCore) -> MHD_Result {
    if let prepared = response.prepared {
        core.preparedResponsesSent.add(1, ordering: .relaxed)
        if response.requestHeaders.isEmpty { return MHD_queue_response(connection, UInt32(response.status), prepared.handle) }
        guard let made = prepared.response(adding: response.requestHeaders) else { return .NO }
        defer { MHD_destroy_response(made) }
        return MHD_queue_response(connection, UInt32(response.status), made)
    }
    let budget = core.configuration.heldBytesBudget
    if let producer = response.producer { return mhdQueueProduced(producer, response, budget: budget, on: connection) }
    if let budget, response.body.count > HeldBody.countedFrom, response.status != 304 {
        return mhdQueueHeld(response, budget: budget, on: connection, core: core)
    }
    guard let made = mhdResponse(response) else { return .NO }
    defer { MHD_destroy_response(made) }
    return MHD_queue_response(connection, UInt32(response.status), made)
}
