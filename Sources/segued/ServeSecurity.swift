import ArgumentParser
import Foundation
import HTTPServer
import SeguedService

/// `segued serve`'s security settings, read from its options and the environment: the bearer token,
/// TLS, and the refusal to listen beyond loopback without a token (as Redis's protected mode).
struct ServeSecurity {
    /// The environment variable a token may come from (``Serve/tokenFile`` wins when both are set).
    static let tokenVariable = "SEGUED_TOKEN"
    /// Shorter tokens are refused: they can be guessed. `openssl rand -hex 32` gives 64 characters.
    static let minimumTokenLength = 16

    var token: String?
    var tls: TLSConfiguration?
    var loopbackOnly: Bool

    /// - Throws: `ValidationError` naming what is wrong (an unreadable or short token, half a TLS
    ///   pair, a non-loopback address without a token and without `--insecure-no-token`).
    init(
        host: String, tokenFile: String?, environment: [String: String], insecureNoToken: Bool,
        tlsCert: String?, tlsKey: String?, tlsPriorities: String? = nil
    ) throws {
        if let tokenFile {
            token = try Self.readToken(from: tokenFile)
        } else if let value = environment[Self.tokenVariable] {
            token = try Self.checked(value, from: "$\(Self.tokenVariable)")
        }
        loopbackOnly = Self.isLoopback(host)
        if token == nil, !loopbackOnly, !insecureNoToken {
            throw ValidationError(
                "refusing to listen on \(host) without a token: anyone who can reach the port could read, change and end every session. Give --token-file FILE or $\(Self.tokenVariable), or --insecure-no-token if the network itself is trusted.")
        }
        switch (tlsCert, tlsKey) {
        case (nil, nil): tls = nil
        case (let cert?, let key?):
            tls = TLSConfiguration(
                certificatePEM: try Self.read(cert, what: "--tls-cert"), keyPEM: try Self.read(key, what: "--tls-key"),
                priorities: tlsPriorities ?? TLSConfiguration.defaultPriorities)
        default: throw ValidationError("--tls-cert and --tls-key go together")
        }
        if tlsPriorities != nil, tls == nil { throw ValidationError("--tls-priorities needs --tls-cert and --tls-key") }
    }

    var access: AccessPolicy { AccessPolicy(token: token, loopbackOnly: loopbackOnly) }

    /// 127.0.0.0/8 and ::1: addresses only this machine reaches.
    static func isLoopback(_ host: String) -> Bool {
        var v4 = in_addr()
        if inet_pton(AF_INET, host, &v4) == 1 { return UInt32(bigEndian: v4.s_addr) >> 24 == 127 }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, host, &v6) == 1 {
            // Written back in its canonical form, ::1 is "::1" however it was spelled (0:0::1).
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            guard inet_ntop(AF_INET6, &v6, &text, socklen_t(text.count)) != nil else { return false }
            return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) == "::1"
        }
        return false
    }

    private static func readToken(from path: String) throws -> String {
        try checked(try read(path, what: "--token-file"), from: path)
    }

    /// The token without its trailing newline or spaces (files usually end with one).
    private static func checked(_ raw: String, from source: String) throws -> String {
        let token = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard token.utf8.count >= minimumTokenLength else {
            throw ValidationError("the token in \(source) is shorter than \(minimumTokenLength) characters (try: openssl rand -hex 32)")
        }
        guard token.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw ValidationError("the token in \(source) must be printable ASCII without spaces (it travels in an HTTP header)")
        }
        return token
    }

    private static func read(_ path: String, what: String) throws -> String {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            throw ValidationError("\(what): cannot read \(path)")
        }
        return text
    }
}
