internal import CMicroHTTPD

// A response held back by a ``ResponseGate``: the connection is suspended when the handler returns
// it, and resumed when the gate opens; libmicrohttpd then calls the access handler again for the
// same request, which queues the response kept in the request's context (the replacement the gate
// opened with, if any). No server thread waits meanwhile (notes/libmicrohttpd.md, pitfall 10: the
// resume is registered only after the suspend, so it always follows it).

/// Suspends `connection` until `gate` opens, keeping `response` in the request's context. Once the
/// server is stopping nothing is suspended (HeldConnections): this thread waits for the gate, until
/// the stop's deadline, and queues what it let go.
func mhdDefer(_ response: Response, gate: ResponseGate, context: MHDConnectionContext, core: ServerCore, on connection: OpaquePointer) -> MHD_Result {
    // The connection's address (a pointer is not `Sendable`): valid until the request completes,
    // which it cannot before it is resumed and answered.
    let address = UInt(bitPattern: connection)
    context.deferred = response
    let holding = core.held.hold(address, until: gate) { MHD_suspend_connection(connection) }
    guard case .suspended = holding else {
        if case .stopping(let releaseBy) = holding { gate.wait(until: releaseBy) }
        return mhdQueue(mhdOpened(context) ?? response, on: connection, core: core)
    }
    gate.whenOpen { [held = core.held] in
        held.released(address)
        if let suspended = OpaquePointer(bitPattern: address) { MHD_resume_connection(suspended) }
    }
    return .YES
}

/// The response to queue once the gate has opened: `kept` (by default the one kept in the
/// request's context on the call after the resume), or the gate's replacement with the request's
/// own fields (its request id). `nil` when nothing was held back.
func mhdOpened(_ context: MHDConnectionContext, kept: Response? = nil) -> Response? {
    guard let held = kept ?? context.deferred, let gate = held.gate else { return nil }
    context.deferred = nil
    var response = held
    if let replacement = gate.outcome.replacement {
        response = replacement
        for field in held.requestHeaders { response.setRequestHeader(field.name, field.value) }
    }
    response.gate = nil
    return response
}
