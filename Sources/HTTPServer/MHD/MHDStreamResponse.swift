internal import CMicroHTTPD
import Synchronization

/// A ``ResponseStream``'s queue and its connection, under the stream's lock.
///
/// The connection is suspended by the content reader when the queue is empty and resumed by the
/// next ``wake()``; both happen under this lock, so a resume always follows the suspend it undoes
/// and never reaches a connection that has ended (`binding` is cleared when it does). Resuming a
/// connection that was not suspended is undefined in libmicrohttpd (notes/libmicrohttpd.md,
/// pitfall 10).
struct StreamState: ~Copyable {
    private var chunks: [[UInt8]] = []
    /// Bytes of `chunks[0]` already handed to the connection.
    private var offset = 0
    private(set) var queued = 0
    /// Queued bytes at the front that the bounds do not count (``ResponseStream/sendInitial(_:)``).
    var unbudgeted = 0
    var open = true
    /// ``ResponseStream/finish()`` was called: the response ends once the queue is empty.
    var finishing = false
    /// The stream is still writing what the client asked for from before it joined (a backlog),
    /// a piece whenever the queue runs empty (``ResponseStream/catchUp(with:)``): live bytes wait
    /// in that source until it has caught up, so nothing is queued for them meanwhile.
    var catchingUp = false
    /// `onClose` was called and the budget given back.
    var released = false
    /// Why the stream was stopped, when it was stopped rather than ended by its connection: the
    /// connection may end (and report it) before whoever stopped it reports the reason.
    var stoppedBecause: ResponseStream.Closing?
    /// The connection sending the stream (its address: a pointer is not `Sendable`), once queued
    /// on it and until it ends.
    var binding: UInt?
    /// The connection's socket, valid while `binding` is set (libmicrohttpd closes it only after
    /// the request-completed callback, which clears `binding`).
    var socket: Int32 = -1
    private var suspended = false

    init() {}

    mutating func enqueue(_ bytes: [UInt8]) {
        chunks.append(bytes)
        queued += bytes.count
        wake()
    }

    /// Stops the stream: the reader ends the response with an error, whatever is queued. A client
    /// that does not read would never make its socket writable, so that the reader is never asked
    /// again: the socket is shut down, which libmicrohttpd sees at once.
    mutating func drop(because reason: ResponseStream.Closing) {
        open = false
        if stoppedBecause == nil { stoppedBecause = reason }
        if binding != nil { segued_shutdown_socket(socket) }
        wake()
    }

    /// Empties the queue; returns the bytes of it the budget counted.
    mutating func takeAllQueued() -> Int {
        let budgeted = queued - unbudgeted
        chunks = []
        offset = 0
        queued = 0
        unbudgeted = 0
        return max(0, budgeted)
    }

    /// Resumes the connection if the reader suspended it.
    mutating func wake() {
        guard suspended, let binding, let connection = OpaquePointer(bitPattern: binding) else { return }
        suspended = false
        MHD_resume_connection(connection)
    }

    enum ReadResult {
        /// Bytes copied, and how many of them the budget counted.
        case bytes(Int, budgeted: Int)
        /// Nothing queued: the connection was suspended.
        case waiting
        /// Nothing queued and the stream is catching up: its next piece is to be written (outside
        /// this lock, since writing it takes the lock of what it reads) and the read tried again.
        case produce
        case finished
        case failed
    }

    /// Copies up to `capacity` queued bytes into `buffer`, or suspends the connection when there are
    /// none and the stream goes on.
    mutating func read(into address: UInt, capacity: Int, mayProduce: Bool) -> ReadResult {
        guard let buffer = UnsafeMutableRawPointer(bitPattern: address) else { return .failed }
        guard open else { return .failed }
        if queued > 0 {
            var copied = 0
            while copied < capacity, !chunks.isEmpty {
                let chunk = chunks[0]
                let count = min(capacity - copied, chunk.count - offset)
                chunk.withUnsafeBytes { bytes in
                    (buffer + copied).copyMemory(from: bytes.baseAddress! + offset, byteCount: count)
                }
                copied += count
                offset += count
                if offset == chunk.count {
                    chunks.removeFirst()
                    offset = 0
                }
            }
            queued -= copied
            let free = min(copied, unbudgeted)
            unbudgeted -= free
            return .bytes(copied, budgeted: copied - free)
        }
        if finishing {
            open = false
            return .finished
        }
        if catchingUp, mayProduce { return .produce }
        guard let binding, let connection = OpaquePointer(bitPattern: binding) else { return .failed }
        suspended = true
        MHD_suspend_connection(connection)
        return .waiting
    }
}

/// `MHD_ContentReaderCallback` of a stream: `cls` is the ``ResponseStream``, retained by the response.
private let mhdStreamReader: MHD_ContentReaderCallback = { cls, _, buffer, capacity in
    guard let cls, let buffer else { return -1 }
    let stream = Unmanaged<ResponseStream>.fromOpaque(cls).takeUnretainedValue()
    // As an address: a pointer is not `Sendable`; it is used during this synchronous call only.
    let target = UInt(bitPattern: buffer)
    var result = stream.state.withLock { $0.read(into: target, capacity: capacity, mayProduce: true) }
    if case .produce = result {
        stream.produceNextPiece()
        result = stream.state.withLock { $0.read(into: target, capacity: capacity, mayProduce: false) }
    }
    switch result {
    case .bytes(let count, let budgeted):
        if budgeted > 0 { stream.host.withLock { $0 }?.release(budgeted) }
        return count
    case .waiting, .produce:
        return 0
    case .finished:
        stream.closed(.finished)
        return segued_mhd_end_of_stream()
    case .failed:
        return segued_mhd_end_with_error()
    }
}

/// Releases the stream the response retained, once libmicrohttpd destroys the response.
private let mhdStreamFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    Unmanaged<ResponseStream>.fromOpaque(cls).release()
}

/// A chunked response of unknown length that sends `stream` as it is written, with `headers`, bound
/// to `connection` (the one it is queued on). `blockSize` is the most one read hands over.
func mhdStreamResponse(_ stream: ResponseStream, headers: [(name: String, value: String)], connection: OpaquePointer, blockSize: Int)
    -> OpaquePointer?
{
    let retained = Unmanaged.passRetained(stream).toOpaque()
    guard let made = MHD_create_response_from_callback(UInt64.max, blockSize, mhdStreamReader, retained, mhdStreamFree) else {
        Unmanaged<ResponseStream>.fromOpaque(retained).release()
        return nil
    }
    for (name, value) in headers where !value.utf8.contains(where: { $0 == 13 || $0 == 10 }) {
        _ = name.withCString { name in value.withCString { value in MHD_add_response_header(made, name, value) } }
    }
    // The connection outlives the binding: it is cleared when the request completes.
    let bound = UInt(bitPattern: connection)
    let socket = segued_mhd_connection_fd(connection)
    stream.state.withLock { state in
        state.binding = bound
        state.socket = socket
    }
    return made
}
