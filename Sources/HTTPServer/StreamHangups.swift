import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// A stream waits with its connection suspended (notes/libmicrohttpd.md, pitfall 10), and
// libmicrohttpd does not watch a suspended connection's socket: a client that closed its stream was
// noticed only when the next heartbeat resumed the connection, so its slot (the server's and its
// session's stream limits) stayed taken for up to 15 s. After 2,048 quick open-and-close streams
// every new stream got 503 for 12-14 s (issue 28). The ticker asks the kernel, four times a second,
// which streams' sockets the client has closed, and ends those streams at once.

enum StreamHangups {
    /// `POLLRDHUP` (Linux): the peer closed its end, or shut down writing. Not every Glibc module
    /// map exports it (it is under _GNU_SOURCE), hence the value.
    static let peerClosed: Int16 = 0x2000

    /// Ends the streams in `streams` whose client has gone; returns how many.
    @discardableResult
    static func endClosed(_ streams: [ResponseStream]) -> Int {
        var watched: [(stream: ResponseStream, socket: Int32)] = []
        watched.reserveCapacity(streams.count)
        for stream in streams {
            if let socket = stream.boundSocket { watched.append((stream, socket)) }
        }
        guard !watched.isEmpty else { return 0 }
        var descriptors = watched.map { pollfd(fd: $0.socket, events: peerClosed, revents: 0) }
        let ready = descriptors.withUnsafeMutableBufferPointer { poll($0.baseAddress, nfds_t($0.count), 0) }
        guard ready > 0 else { return 0 }
        var ended = 0
        let gone = peerClosed | Int16(POLLHUP) | Int16(POLLERR)
        for (index, descriptor) in descriptors.enumerated() where descriptor.revents & gone != 0 {
            // A socket number read above may have been closed and reused since; that is harmless:
            // abort() acts on the stream, and a stream whose connection ended is already closed.
            watched[index].stream.abort()
            ended += 1
        }
        return ended
    }
}

extension ResponseStream {
    /// The socket of the connection sending the stream, while it is queued on one.
    var boundSocket: Int32? {
        state.withLock { $0.binding == nil || $0.socket < 0 ? nil : $0.socket }
    }
}
