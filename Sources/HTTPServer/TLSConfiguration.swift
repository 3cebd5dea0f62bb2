/// A certificate and its private key, PEM-encoded, for libmicrohttpd's own TLS (GnuTLS in Debian's
/// build). The certificate may be a chain: the server's certificate first, then intermediates.
public struct TLSConfiguration: Sendable {
    public var certificatePEM: String
    public var keyPEM: String
    /// The protocol versions and cipher suites offered, as a GnuTLS priority string
    /// (https://gnutls.org/manual/html_node/Priority-Strings.html); ``defaultPriorities`` unless
    /// the operator says otherwise (`serve --tls-priorities`).
    public var priorities: String

    /// TLS 1.2 and 1.3 only, and only forward-secret key exchanges (ECDHE, DHE) with AEAD ciphers:
    /// the "intermediate" choice of Mozilla's server-side TLS guidelines. GnuTLS's own `NORMAL`
    /// accepted TLS 1.0 and 1.1 and static-RSA key exchange (issue 28). TLS 1.3's suites are all
    /// forward-secret AEAD ones; the server's order is preferred.
    public static let defaultPriorities =
        "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2:-KX-ALL:+ECDHE-ECDSA:+ECDHE-RSA:+DHE-RSA"
        + ":-CIPHER-ALL:+AES-256-GCM:+AES-128-GCM:+CHACHA20-POLY1305:-MAC-ALL:+AEAD:%SERVER_PRECEDENCE"

    public init(certificatePEM: String, keyPEM: String, priorities: String = TLSConfiguration.defaultPriorities) {
        self.certificatePEM = certificatePEM
        self.keyPEM = keyPEM
        self.priorities = priorities
    }
}
