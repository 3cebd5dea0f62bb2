import HTTPServer
import Testing

/// `segued test --url` takes `http://HOST:PORT` or `https://HOST:PORT`; anything else is refused before a connection.
struct BlockingHTTPClientTests {
    @Test func url_isHostAndPort() throws {
        let v4 = try #require(BlockingHTTPClient(url: "http://127.0.0.1:18950/"))
        #expect((v4.host, v4.port) == ("127.0.0.1", 18950))
        let v6 = try #require(BlockingHTTPClient(url: "http://[::1]:8080"))
        #expect((v6.host, v6.port) == ("::1", 8080))
        let named = try #require(BlockingHTTPClient(url: "http://localhost"))
        #expect((named.host, named.port) == ("localhost", 80))
        let tls = try #require(BlockingHTTPClient(url: "https://127.0.0.1:8443", caFile: "/tmp/ca.pem"))
        #expect((tls.host, tls.port, tls.usesTLS, tls.caFile) == ("127.0.0.1", 8443, true, "/tmp/ca.pem"))
        #expect(v4.usesTLS == false)
        for bad in ["ftp://127.0.0.1:1", "https://h:0", "127.0.0.1:8080", "http://:80", "http://h:0", "http://h:99999", "http://h:8080/v1"] {
            #expect(BlockingHTTPClient(url: bad) == nil, "\(bad)")
        }
    }

    @Test func closedPort_failsWithAMessage() throws {
        let client = try #require(BlockingHTTPClient(url: "http://127.0.0.1:1"))
        #expect(throws: BlockingHTTPClient.Failure.self) { try client.send("GET", "/healthz") }
    }
}
