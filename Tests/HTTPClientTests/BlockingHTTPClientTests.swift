import Foundation
import HTTPClient
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

/// The client against a real server (libmicrohttpd): methods, headers and bodies go out as given,
/// the answer comes back whole, and a body past the limit is a failure, not memory.
struct BlockingHTTPClientExchangeTests {
    @Test func aRequest_goesOutAsGiven_andItsAnswerComesBack() throws {
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 1)) { request in
            let echo = "\(request.method) \(request.path) \(request.header("x-probe") ?? "-") \(request.body.count)"
            return Response(status: request.method == "DELETE" ? 202 : 200, body: Array(echo.utf8))
        }
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let client = try #require(BlockingHTTPClient(url: "http://127.0.0.1:\(server.port)", timeoutSeconds: 3))
        let get = try client.send("GET", "/v1/x", headers: [("X-Probe", "a b")])
        #expect(get.status == 200 && String(decoding: get.body, as: UTF8.self) == "GET /v1/x a b 0")
        let put = try client.send("PUT", "/v1/y", body: Array("hello".utf8))
        #expect(put.status == 200 && String(decoding: put.body, as: UTF8.self) == "PUT /v1/y - 5")
        let delete = try client.send("DELETE", "/v1/z")
        #expect(delete.status == 202 && String(decoding: delete.body, as: UTF8.self) == "DELETE /v1/z - 0")
    }

    @Test func aBodyPastTheLimit_isAFailure() throws {
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 1)) { _ in
            Response(status: 200, body: [UInt8](repeating: 65, count: 100_000))
        }
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let small = try #require(BlockingHTTPClient(url: "http://127.0.0.1:\(server.port)", timeoutSeconds: 3, maxBodyBytes: 1000))
        #expect(throws: BlockingHTTPClient.Failure.self) { try small.send("GET", "/") }
        let large = try #require(BlockingHTTPClient(url: "http://127.0.0.1:\(server.port)", timeoutSeconds: 3))
        #expect(try large.send("GET", "/").body.count == 100_000)
    }
}

/// Issue 53: a thread that asks one server again and again reuses its connection (libcurl's
/// connection cache in the thread's handle) instead of connecting for every request.
struct BlockingHTTPClientReuseTests {
    @Test func requestsFromOneThread_shareOneConnection() throws {
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 1)) { _ in Response(status: 200, body: Array("ok".utf8)) }
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let client = try #require(BlockingHTTPClient(url: "http://127.0.0.1:\(server.port)", timeoutSeconds: 3))
        for _ in 0..<5 {
            #expect(try client.send("GET", "/x").status == 200)
            #expect(try client.send("POST", "/y", body: Array("{}".utf8), headers: [("Content-Type", "application/json")]).status == 200)
        }
        // Ten requests, one connection, still open for the next.
        let deadline = ContinuousClock.now + .seconds(2)
        while server.openConnections != 1, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.02) }
        #expect(server.openConnections == 1)
    }
}
