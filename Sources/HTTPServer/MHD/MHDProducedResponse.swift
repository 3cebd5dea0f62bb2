internal import CMicroHTTPD
import Synchronization

/// The state of a produced body (``ResponseBodyProducer``) while libmicrohttpd sends it: the piece
/// being copied out. libmicrohttpd asks one connection's reader from one thread at a time; the lock
/// is there for `Sendable`, never contended.
final class ProducedBody: Sendable {
    let producer: any ResponseBodyProducer
    private let pending = Mutex<(bytes: [UInt8], offset: Int, done: Bool)>(([], 0, false))

    init(_ producer: any ResponseBodyProducer) { self.producer = producer }

    /// Copies up to `capacity` bytes into `address`; 0 once the body is complete, -1 when it
    /// cannot be.
    func read(into address: UInt, capacity: Int) -> Int {
        guard let buffer = UnsafeMutableRawPointer(bitPattern: address), capacity > 0 else { return -1 }
        return pending.withLock { pending in
            if pending.offset == pending.bytes.count, !pending.done {
                guard let piece = producer.nextPiece(capacity: capacity) else { return -1 }
                pending.bytes = piece
                pending.offset = 0
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
/// reads, with `response`'s fields (the standard ones, its own, its request's).
func mhdProducedResponse(_ producer: any ResponseBodyProducer, _ response: Response) -> OpaquePointer? {
    let retained = Unmanaged.passRetained(ProducedBody(producer)).toOpaque()
    guard let made = MHD_create_response_from_callback(UInt64.max, 4096, mhdProducedReader, retained, mhdProducedFree) else {
        Unmanaged<ProducedBody>.fromOpaque(retained).release()
        return nil
    }
    addStandardFields(of: response, to: made)
    addFields(response.requestHeaders, to: made)
    return made
}

/// Queues a response whose body `producer` writes as the client reads (MHDCallbacks' access handler).
func mhdQueueProduced(_ producer: any ResponseBodyProducer, _ response: Response, on connection: OpaquePointer) -> MHD_Result {
    guard let made = mhdProducedResponse(producer, response) else { return .NO }
    defer { MHD_destroy_response(made) }
    return MHD_queue_response(connection, UInt32(response.status), made)
}
