import Crypto
import HTTPServer

/// Who may talk to the service: a bearer token on every route but the public ones, and, when the
/// server listens only on loopback, a `Host` that names loopback (DNS rebinding).
///
/// Public routes: `/healthz` and `/readyz` (probes carry no credentials) and the web app's static
/// assets under `/ui/` (public code, no data: the page must load to ask for the token).
///
/// ```swift
/// let policy = AccessPolicy(token: "3f1c…", loopbackOnly: true)
/// ```
public struct AccessPolicy: Sendable {
    /// SHA-256 of the token, compared with the digest of the one presented: the comparison then
    /// takes the same time whatever the two hold, their lengths included.
    private let tokenDigest: [UInt8]?
    /// The server listens on a loopback address: requests must name a loopback host.
    public var loopbackOnly: Bool

    /// - Parameters:
    ///   - token: the bearer token every non-public request must carry; `nil` for none.
    ///   - loopbackOnly: refuse requests whose `Host` is not `localhost`, `127.0.0.1` (127.0.0.0/8) or `[::1]`.
    public init(token: String? = nil, loopbackOnly: Bool = false) {
        tokenDigest = token.map { Array(SHA256.hash(data: Array($0.utf8))) }
        self.loopbackOnly = loopbackOnly
    }

    /// Whether a token is required.
    public var requiresToken: Bool { tokenDigest != nil }

    /// The refusal for `request`, or `nil` to let it through.
    func refusal(for request: Request) -> Problem? {
        if Self.isPublic(request.path) { return nil }
        if loopbackOnly, let host = request.header("host"), !Self.isLoopbackName(host) {
            return .hostNotAllowed(host)
        }
        guard let tokenDigest else { return nil }
        guard let presented = Self.bearerToken(request.header("authorization")) else { return .unauthorized(invalidToken: false) }
        let digest = Array(SHA256.hash(data: Array(presented.utf8)))
        var difference: UInt8 = 0
        for index in 0..<tokenDigest.count { difference |= tokenDigest[index] ^ digest[index] }
        return difference == 0 ? nil : .unauthorized(invalidToken: true)
    }

    static func isPublic(_ path: String) -> Bool {
        // The second byte tells most paths apart (`/v1/…`): the four comparisons cost 320
        // instructions of every request (callgrind).
        let bytes = path.utf8.span
        guard bytes.count >= 3, bytes[1] == UInt8(ascii: "h") || bytes[1] == UInt8(ascii: "r") || bytes[1] == UInt8(ascii: "u")
        else { return false }
        return path == "/healthz" || path == "/readyz" || path == "/ui" || path.hasPrefix("/ui/")
    }

    /// `Bearer <token>` (the scheme is case-insensitive, RFC 9110 §11.1).
    static func bearerToken(_ field: String?) -> String? {
        guard let field else { return nil }
        let parts = field.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingSpaces
        return token.isEmpty ? nil : token
    }

    /// `localhost`, `127.0.0.1` (or another address in 127.0.0.0/8) or `[::1]`, with or without a port
    /// (letters in any case).
    ///
    /// Checked on every request, on the field's bytes: as Characters (lowercased copy, grapheme
    /// breaking, Unicode digit lookups) this was a fifth of the daemon's instructions for a polled
    /// `GET …/stack` under callgrind. Only ASCII can match, so comparing bytes, ASCII letters folded,
    /// accepts the same names.
    static func isLoopbackName(_ host: String) -> Bool {
        // Over the field's bytes as a span (no copy, no view indices): through a Substring's UTF-8
        // view this was still 1,950 instructions of a GET (callgrind).
        let bytes = host.utf8.span
        let count = bytes.count
        guard count > 0 else { return false }
        if bytes[0] == UInt8(ascii: "[") {
            var close = 1
            while close < count, bytes[close] != UInt8(ascii: "]") { close += 1 }
            guard close < count, close + 1 == count || isPort(bytes, from: close + 1) else { return false }
            return close == 4 && bytes[1] == UInt8(ascii: ":") && bytes[2] == UInt8(ascii: ":") && bytes[3] == UInt8(ascii: "1")
        }
        var end = 0
        while end < count, bytes[end] != UInt8(ascii: ":") { end += 1 }
        guard end == count || isPort(bytes, from: end) else { return false }
        return isLocalhost(bytes, end: end) || isLoopbackIPv4(bytes, end: end)
    }

    /// `localhost` in the first `end` bytes, letters in any case.
    private static func isLocalhost(_ bytes: Span<UInt8>, end: Int) -> Bool {
        guard end == 9 else { return false }
        var index = 0
        for expected in "localhost".utf8 {
            guard bytes[index] | 0x20 == expected else { return false }
            index += 1
        }
        return true
    }

    /// A dotted-quad literal in 127.0.0.0/8 in the first `end` bytes (a server may listen on
    /// 127.0.0.2; a page reaching it by such a literal was loaded from this machine, not through a
    /// rebound name): four parts of one to three digits, each at most 255, the first `127`. One pass
    /// over the bytes: splitting into parts first (an array of four slices) was 3,600 instructions
    /// on every request.
    private static func isLoopbackIPv4(_ bytes: Span<UInt8>, end: Int) -> Bool {
        var dots = 0
        var digits = 0
        var value = 0
        for index in 0..<end {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                // The first part must be exactly `127`.
                guard digits > 0, dots < 3, dots > 0 || (digits == 3 && value == 127) else { return false }
                dots += 1
                digits = 0
                value = 0
            } else if isDigit(byte) {
                digits += 1
                value = value * 10 + Int(byte - 48)
                guard digits <= 3, value <= 255 else { return false }
            } else {
                return false
            }
        }
        return dots == 3 && digits > 0
    }

    /// From `start` to the end: ":" and one to five digits.
    private static func isPort(_ bytes: Span<UInt8>, from start: Int) -> Bool {
        let digits = bytes.count - start - 1
        guard bytes[start] == UInt8(ascii: ":"), (1...5).contains(digits) else { return false }
        for index in (start + 1)..<bytes.count where !isDigit(bytes[index]) { return false }
        return true
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 48 && byte <= 57 }
}

extension Substring {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}

extension Problem {
    static func unauthorized(invalidToken: Bool) -> Problem {
        Problem(.unauthorized, detail: invalidToken
                ? "The bearer token is not the server's."
                : "This server requires Authorization: Bearer <token> (see docs/security.md).",
            headers: [("WWW-Authenticate", invalidToken ? "Bearer realm=\"segued\", error=\"invalid_token\"" : "Bearer realm=\"segued\"")])
    }

    static func hostNotAllowed(_ host: String) -> Problem {
        Problem(.hostNotAllowed, detail: "This server listens on loopback and answers only requests for localhost, 127.0.0.1 or [::1], not \"\(host)\" (a page on another site reaching it through DNS rebinding).")
    }
}
