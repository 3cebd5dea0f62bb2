import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP connection to 127.0.0.1 driven byte by byte, for what URLSession cannot do: streams read
/// as they arrive, clients that never read, requests sent a byte at a time.
public final class RawConnection: @unchecked Sendable {
    public let socket: Int32
    private var received: [UInt8] = []

    /// Connects; `receiveBuffer` (bytes) is set before connecting, so a client that does not read
    /// holds little in its own kernel buffer.
    public init(port: Int, receiveBuffer: Int32? = nil) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw RawConnectionError("socket() failed") }
        if var size = receiveBuffer { setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size)) }
        // A `sockaddr` laid out as `sockaddr_in` (family, port, 127.0.0.1), built without pointer
        // casts: unsafe pointer code belongs in HTTPServer only (.ci/run).
        var address = sockaddr()
        address.sa_family = sa_family_t(AF_INET)
        address.sa_data.0 = CChar(bitPattern: UInt8(port >> 8))
        address.sa_data.1 = CChar(bitPattern: UInt8(port & 0xff))
        address.sa_data.2 = 127
        address.sa_data.5 = 1
        let result = connect(socket, &address, socklen_t(MemoryLayout<sockaddr_in>.size))
        guard result == 0 else {
            close(socket)
            throw RawConnectionError("connect() failed: \(errno)")
        }
    }

    deinit { close(socket) }

    /// Sends all of `text` (blocking).
    public func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let rest = Array(bytes[sent...])
            let count = Glibc.send(socket, rest, rest.count, Int32(MSG_NOSIGNAL))
            guard count > 0 else { throw RawConnectionError("send() failed: \(errno)") }
            sent += count
        }
    }

    /// Sends without blocking; returns the bytes taken (0 when the socket's buffer is full), or -1
    /// when the connection is gone.
    public func sendNow(_ bytes: [UInt8]) -> Int {
        let count = Glibc.send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT))
        if count >= 0 { return count }
        return errno == EAGAIN || errno == EWOULDBLOCK ? 0 : -1
    }

    public enum ReadResult: Equatable { case data, closed, timedOut }

    /// Reads what arrives within `timeout` into the received text.
    @discardableResult
    public func readSome(timeout: Duration) -> ReadResult {
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return .timedOut }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = recv(socket, &buffer, buffer.count, 0)
        guard count > 0 else { return .closed }
        received.append(contentsOf: buffer[..<count])
        return .data
    }

    /// Reads until `text` has arrived (true), the connection closes or `timeout` passes (false).
    public func read(until text: String, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !self.text.contains(text) {
            let left = deadline - .now
            guard left > .zero, readSome(timeout: min(left, .milliseconds(200))) != .closed else { return self.text.contains(text) }
        }
        return true
    }

    /// Reads until the server closes the connection (true) or `timeout` passes (false).
    public func readUntilClosed(timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if readSome(timeout: min(deadline - .now, .milliseconds(200))) == .closed { return true }
        }
        return false
    }

    /// Everything received so far, as text.
    public var text: String { String(decoding: received, as: UTF8.self) }
}

public struct RawConnectionError: Error, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
}
