// A streamed response is chunked, and a chunk's size line may fall anywhere in what the server
// wrote (in the middle of an SSE message once a backlog is sent in several reads): tests that read
// messages read the body without those lines.

import Foundation

extension RawConnection {
    /// The body of the chunked response received so far, without its chunk-size lines.
    public var chunkedBody: String { Self.dechunked(text) }

    /// Reads until the chunked body holds `text` (true), the connection closes or `timeout` passes.
    public func readBody(until text: String, timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !chunkedBody.contains(text) {
            let left = deadline - .now
            guard left > .zero, readSome(timeout: min(left, .milliseconds(200))) != .closed else { return chunkedBody.contains(text) }
        }
        return true
    }

    /// The body of the chunked response in `text` (a response head, then chunks).
    public static func dechunked(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let head = text.range(of: "\r\n\r\n") else { return "" }
        var position = text.utf8.distance(from: text.startIndex, to: head.upperBound)
        var body: [UInt8] = []
        while position + 1 < bytes.count,
            let lineEnd = (position..<(bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
            let size = Int(String(decoding: bytes[position..<lineEnd], as: UTF8.self), radix: 16), size > 0
        {
            let start = lineEnd + 2
            body += bytes[start..<min(bytes.count, start + size)]
            position = start + size + 2
        }
        return String(decoding: body, as: UTF8.self)
    }
}
