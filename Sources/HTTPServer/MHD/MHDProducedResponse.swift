internal import CMicroHTTPD
import Synchronization

/// The state of a produced body (``ResponseBodyProducer``) while libmicrohttpd sends it: the piece
/// being copied out. libmicrohttpd asks one connection's reader from one thread at a time; the lock
/// is there for `Sendable`, never contended.
///
/// The piece is what is queued for the connection beyond libmicrohttpd's own buffer: it is counted
/// in `budget` (`--max-memory`) from when it is written until it has been copied out, and a piece
/// the budget has no room for ends the response (the reader is dropped, never buffered).
final class ProducedBody: Sendable {
    let producer: any ResponseBodyProducer
    let budget: (any HeldBytesBudget)?
    private struct Pending {
        var bytes: [UInt8] = []
        var offset = 0
        var done = false
        /// The bytes of `bytes` the budget counts.
        var counted = 0
    }

    private let pending = Mutex(Pending())

    init(_ producer: any ResponseBodyProducer, budget: (any HeldBytesBudget)?) {
        self.producer = producer
        self.budget = budget
    }

    deinit {
        let counted = pending.withLock { $0.counted }
        if counted > 0 { budget?.release(counted) }
    }

    /// Copies up to `capacity` bytes into `address`; 0 once the body is complete, -1 when it
    /// cannot be (the producer cannot complete it, or the budget has no room for its next piece).
    func read(into address: UInt, capacity: Int) -> Int {
        guard let buffer = UnsafeMutableRawPointer(bitPattern: address), capacity > 0 else { return -1 }
        return pending.withLock { pending in
            if pending.offset == pending.bytes.count, !pending.done {
                if pending.counted > 0 { budget?.release(pending.counted) }
                pending.counted = 0
                pending.bytes = []
                pending.offset = 0
                guard let piece = producer.nextPiece(capacity: capacity) else { return -1 }
                if let budget, !piece.isEmpty {
                    guard budget.reserve(piece.count) else { return -1 }
                    pending.counted = piece.count
                }
                pending.bytes = piece
                if pending.bytes.isEmpty { pending.done = true }
            }
            let count = min(capacity, pending.bytes.count - pending.offset)
            guard count > 0 else { return 0 }
            pending.bytes.withUnsafeBytes { bytes in
                buffer.copyMemory(from: bytes.baseAddress! + pending.offset, byteCount: count)
            }
            pending.offset += count
            return count
        }
    }
}

/// `MHD_ContentReaderCallback` of a produced body: `cls` is the ``ProducedBody``, retained by the response.
private let mhdProducedReader: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
    guard let cls, let buffer else { return segued_mhd_end_with_error() }
    let body = Unmanaged<ProducedBody>.fromOpaque(cls).takeUnretainedValue()
    let count = body.read(into: UInt(bitPattern: buffer), capacity: capacity)
    return count > 0 ? count : count == 0 ? segued_mhd_end_of_stream() : segued_mhd_end_with_error()
}

private let mhdProducedFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<ProducedBody>.fromOpaque(cls).release()
}

/// An MHD response of unknown length (sent chunked) whose body `producer` writes as the client
/// reads, its pieces counted in `budget`, with `response`'s fields (the standard ones, its own, its request's).
func mhdProducedResponse(_ producer: any ResponseBodyProducer, _ response: Response, budget: (any HeldBytesBudget)?) -> OpaquePointer? {
    let retained = Unmanaged.passRetained(ProducedBody(producer, budget: budget)).toOpaque()
    guard let made = MHD_create_response_from_callback(UInt64.max, 4096, mhdProducedReader, retained, mhdProducedFree) else {
        Unmanaged<ProducedBody>.fromOpaque(retained).release()
        return nil
    }
    addStandardFields(of: response, to: made)
    addFields(response.requestHeaders, to: made)
    return made
}

/// Queues a response whose body `producer` writes as the client reads (MHDCallbacks' access handler).
func mhdQueueProduced(
    _ producer: any ResponseBodyProducer, _ response: Response, budget: (any HeldBytesBudget)?, on connection: OpaquePointer
) -> MHD_Result {
    guard let made = mhdProducedResponse(producer, response, budget: budget) else { return .NO }
    defer { MHD_destroy_response(made) }
    return MHD_queue_response(connection, UInt32(response.status), made)
}
