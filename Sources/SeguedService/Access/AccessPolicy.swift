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
        path == "/healthz" || path == "/readyz" || path == "/ui" || path.hasPrefix("/ui/")
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
        // A Substring's UTF-8 view shares the field's storage: nothing is copied.
        let bytes = Substring(host).utf8
        if bytes.first == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let rest = bytes[bytes.index(after: close)...]
            guard rest.isEmpty || isPort(rest) else { return false }
            return bytes[...close].elementsEqual("[::1]".utf8)
        }
        var name = bytes
        if let colon = name.firstIndex(of: UInt8(ascii: ":")) {
            guard isPort(name[colon...]) else { return false }
            name = name[..<colon]
        }
        return isLocalhost(name) || isLoopbackIPv4(name)
    }

    /// `localhost`, letters in any case.
    private static func isLocalhost(_ name: Substring.UTF8View) -> Bool {
        guard name.count == 9 else { return false }
        var expected = "localhost".utf8.makeIterator()
        for byte in name where byte | 0x20 != expected.next() { return false }
        return true
    }

    /// A dotted-quad literal in 127.0.0.0/8 (a server may listen on 127.0.0.2; a page reaching it by
    /// such a literal was loaded from this machine, not through a rebound name): four parts of one
    /// to three digits, each at most 255, the first `127`. One pass over the bytes: splitting into
    /// parts first (an array of four slices) was 3,600 instructions on every request.
    private static func isLoopbackIPv4(_ name: Substring.UTF8View) -> Bool {
        var dots = 0
        var digits = 0
        var value = 0
        for byte in name {
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

    /// ":" and one to five digits.
    private static func isPort(_ text: Substring.UTF8View) -> Bool {
        let digits = text.dropFirst()
        return text.first == UInt8(ascii: ":") && (1...5).contains(digits.count) && digits.allSatisfy(isDigit)
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
                : "This server requires Authorization: Bearer <token> (see the README's Security section).",
            headers: [("WWW-Authenticate", invalidToken ? "Bearer realm=\"segued\", error=\"invalid_token\"" : "Bearer realm=\"segued\"")])
    }

    static func hostNotAllowed(_ host: String) -> Problem {
        Problem(.hostNotAllowed, detail: "This server listens on loopback and answers only requests for localhost, 127.0.0.1 or [::1], not \"\(host)\" (a page on another site reaching it through DNS rebinding).")
    }
}
