/// A certificate and its private key, PEM-encoded, for libmicrohttpd's own TLS (GnuTLS in Debian's
/// build). The certificate may be a chain: the server's certificate first, then intermediates.
public struct TLSConfiguration: Sendable {
    public var certificatePEM: String
    public var keyPEM: String

    public init(certificatePEM: String, keyPEM: String) {
        self.certificatePEM = certificatePEM
        self.keyPEM = keyPEM
    }
}
