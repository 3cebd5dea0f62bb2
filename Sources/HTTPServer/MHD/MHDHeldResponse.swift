internal import CMicroHTTPD

/// A body written whole by its handler (a snapshot, a storyboard, a batch answer kept for its
/// `Idempotency-Key`) and larger than ``countedFrom``, while libmicrohttpd sends it: the response's
/// own array, shared rather than copied into libmicrohttpd, and counted in the held-bytes budget
/// (`--max-memory`) until libmicrohttpd frees the response, when the client has read it or gone.
/// A client that asks for such a body and does not read holds it, counted: past the budget the
/// request is answered with the budget's refusal instead (issue 28: 1,000 non-reading clients held
/// 1.82 GB of whole responses that no limit counted).
///
/// `Sendable`: every stored property is immutable.
final class HeldBody: Sendable {
    /// Bodies up to this size are copied into libmicrohttpd and not counted: per connection they
    /// are no more than twice the connection's own pool (``ServerConfiguration/connectionMemoryLimit``'s
    /// default, 8 KiB), and the bound on connections bounds them.
    static let countedFrom = 16 << 10
    /// libmicrohttpd's buffer for the response (allocated with it, counted with the body).
    static let blockSize = 4096

    let bytes: [UInt8]
    let budget: any HeldBytesBudget
    let counted: Int

    /// `nil` when the budget has no room for `bytes`.
    init?(_ bytes: [UInt8], budget: any HeldBytesBudget) {
        let counted = bytes.count + Self.blockSize
        guard budget.reserve(counted) else { return nil }
        self.bytes = bytes
        self.budget = budget
        self.counted = counted
    }

    deinit { budget.release(counted) }

    /// Copies the bytes from `position` into `address`, at most `capacity`; -1 past the end (which
    /// libmicrohttpd does not ask for: it knows the length).
    func read(at position: UInt64, into address: UnsafeMutableRawPointer, capacity: Int) -> Int {
        guard position < UInt64(bytes.count) else { return -1 }
        let start = Int(position)
        let count = min(capacity, bytes.count - start)
        bytes.withUnsafeBytes { address.copyMemory(from: $0.baseAddress! + start, byteCount: count) }
        return count
    }
}

/// `MHD_ContentReaderCallback` of a held body: `cls` is the ``HeldBody``, retained by the response.
private let mhdHeldReader: MHD_ContentReaderCallback = { cls, position, buffer, capacity in
    guard let cls, let buffer else { return segued_mhd_end_with_error() }
    let body = Unmanaged<HeldBody>.fromOpaque(cls).takeUnretainedValue()
    let count = body.read(at: position, into: UnsafeMutableRawPointer(buffer), capacity: capacity)
    return count > 0 ? count : segued_mhd_end_with_error()
}

private let mhdHeldFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<HeldBody>.fromOpaque(cls).release()
}

/// Queues `response`, whose whole body is over ``HeldBody/countedFrom``, counted in `budget` while
/// it is held (with its length stated, as when copied); the budget's refusal when it has no room.
func mhdQueueHeld(_ response: Response, budget: any HeldBytesBudget, on connection: OpaquePointer, core: ServerCore) -> MHD_Result {
    guard let held = HeldBody(response.body, budget: budget) else {
        var refusal = budget.refusal(holding: response.body.count + HeldBody.blockSize)
        for (name, value) in response.requestHeaders { refusal.setRequestHeader(name, value) }
        return mhdQueue(refusal, on: connection, core: core)
    }
    let retained = Unmanaged.passRetained(held).toOpaque()
    guard let made = MHD_create_response_from_callback(UInt64(response.body.count), HeldBody.blockSize, mhdHeldReader, retained, mhdHeldFree) else {
        Unmanaged<HeldBody>.fromOpaque(retained).release()
        return .NO
    }
    defer { MHD_destroy_response(made) }
    addStandardFields(of: response, to: made)
    addFields(response.requestHeaders, to: made)
    return MHD_queue_response(connection, UInt32(response.status), made)
}
