import Foundation
import Synchronization
import SeguedTestSupport
import Testing

@testable import HTTPServer

/// libmicrohttpd for real, on an ephemeral loopback port.
struct ServerTests {
    static func echo(_ request: Request) -> Response {
        var text = "\(request.method) \(request.path)"
        for (name, value) in request.query { text += " \(name)=\(value)" }
        text += " x-test=\(request.header("X-Test") ?? "-") body=\(request.body.count)"
        if request.bodyExceededLimit { return Response(status: 413, body: Array("too large".utf8)) }
        return Response(status: 200, headers: [("Content-Type", "text/plain"), ("X-Reply", "yes")], body: Array(text.utf8))
    }

    private func withServer(
        _ configuration: ServerConfiguration = ServerConfiguration(port: 0),
        handler: @escaping @Sendable (Request) -> Response = ServerTests.echo, _ body: (Server, HTTPClient) throws -> Void
    ) throws {
        let server = Server(configuration: configuration, handler: handler)
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        #expect(server.port > 0)
        try body(server, HTTPClient(port: server.port))
    }

    @Test func requests_reachTheHandlerWithQueryHeadersAndBody() throws {
        try withServer { _, client in
            let reply = try client.send("POST", "/a/b%20c?x=1&flag&y=%C3%A9", body: Data("hello".utf8), headers: ["X-Test": "t1"])
            #expect(reply.status == 200)
            #expect(reply.text == "POST /a/b c x=1 flag= y=é x-test=t1 body=5")
            #expect(reply.header("X-Reply") == "yes")
            #expect(reply.header("Content-Type") == "text/plain")
        }
    }

    /// %00 stays encoded: decoded, the NUL cut the C string the path arrives in (a request for
    /// `/v1/sessions/a%00b` reached the handler as `/v1/sessions/a`). Every other escape is decoded.
    @Test func percentEncodedNUL_staysEncoded_inPathAndQuery_otherEscapesAreDecoded() throws {
        try withServer { _, client in
            let reply = try client.send("GET", "/a%00b/c%2Fd?x=1%002&y=%41%2f")
            #expect(reply.text == "GET /a%00b/c/d x=1%002 y=A/ x-test=- body=0")
        }
    }

    @Test func headerNames_areLowercased_andResponseValuesWithLineBreaksAreDropped() throws {
        let handler: @Sendable (Request) -> Response = { request in
            let names = request.headers.keys.filter { $0.hasPrefix("x-") }.sorted().joined(separator: ",")
            return Response(status: 200, headers: [("X-Names", names), ("X-Split", "a\r\nInjected: 1"), ("content-LENGTH", "999")],
                            body: Array((request.header("X-MIXED-Case") ?? "-").utf8))
        }
        try withServer(handler: handler) { _, client in
            let reply = try client.send("GET", "/", headers: ["X-Mixed-CASE": "v", "x-lower": "w", "X-Ünï": "u"])
            #expect(reply.text == "v")
            // Field names are ASCII tokens (RFC 9110 §5.1): only ASCII letters are folded.
            #expect(reply.header("X-Names") == "x-lower,x-mixed-case,x-Ünï")
            #expect(reply.header("X-Split") == nil)
            #expect(reply.header("Injected") == nil)
            #expect(reply.header("Content-Length") == "1")
        }
    }

    /// A 304 states the length of the 200 it stands for (RFC 9110 §8.6) and sends no content; made
    /// from an empty body, libmicrohttpd said "Content-Length: 0". The connection stays usable.
    @Test func notModified_statesTheLengthItWasGiven_andSendsNoContent() throws {
        let handler: @Sendable (Request) -> Response = { request in
            if request.path == "/304" { return Response(status: 304, headers: [("ETag", "\"7\""), ("Content-Length", "1234")]) }
            return Response(status: 200, body: Array("after".utf8))
        }
        try withServer(handler: handler) { _, client in
            for method in ["GET", "HEAD"] {
                let reply = try client.send(method, "/304")
                #expect(reply.status == 304)
                #expect(reply.header("Content-Length") == "1234")
                #expect(reply.header("ETag") == "\"7\"")
                #expect(reply.body.isEmpty)
                #expect(try client.send("GET", "/next").text == "after")
            }
        }
    }

    @Test func largeBodies_arriveWhole_andBodiesPastTheLimitAreDrained() throws {
        try withServer(ServerConfiguration(port: 0, maxBodySize: 1_000_000)) { _, client in
            let big = Data(repeating: 0x61, count: 900_000)
            #expect(try client.send("PUT", "/big", body: big).text.hasSuffix("body=900000"))
            let tooBig = Data(repeating: 0x62, count: 1_200_000)
            let reply = try client.send("PUT", "/big", body: tooBig)
            #expect(reply.status == 413)
            // The connection is still usable.
            #expect(try client.send("GET", "/after").status == 200)
        }
    }

    /// The limit of each request comes from its method and path, decided before its body arrives:
    /// a body within its route's limit arrives whole, one past it is drained and flagged, whatever
    /// the other routes allow.
    @Test func routeBodyLimit_givesEachRequestItsLimit_fromMethodAndPath() throws {
        let asked = AskedLimits()
        let configuration = ServerConfiguration(port: 0, maxBodySize: 1000, routeBodyLimit: asked.limit)
        try withServer(configuration) { _, client in
            let allowed = Data(repeating: 0x61, count: 200_000)
            let upload = try client.send("POST", "/upload", body: allowed)
            #expect(upload.text.hasSuffix("body=200000"))
            #expect(try client.send("POST", "/other", body: allowed).status == 413)
            #expect(try client.send("PUT", "/upload", body: allowed).status == 413)
            #expect(try client.send("POST", "/upload?x=1", body: Data(repeating: 0x62, count: 400_000)).status == 413)
            #expect(try client.send("POST", "/other", body: Data(repeating: 0x63, count: 1000)).text.hasSuffix("body=1000"))
            #expect(try client.send("GET", "/after").status == 200)
        }
        // Once a request, with the path as the handler sees it (no query).
        #expect(asked.requests.withLock { $0 } == ["POST /upload", "POST /other", "PUT /upload", "POST /upload", "POST /other", "GET /after"])
    }

    @Test func cors_answersPreflightsForAllowedOriginsOnly() throws {
        let configuration = ServerConfiguration(port: 0, cors: CORSPolicy(allowedOrigins: ["http://localhost:3000"]))
        try withServer(configuration) { _, client in
            let preflight = try client.send("OPTIONS", "/v1/sessions", headers: [
                "Origin": "http://localhost:3000", "Access-Control-Request-Method": "POST",
            ])
            #expect(preflight.status == 204)
            #expect(preflight.header("Access-Control-Allow-Origin") == "http://localhost:3000")
            #expect(preflight.header("Access-Control-Allow-Methods")?.contains("POST") == true)
            #expect(preflight.header("Access-Control-Allow-Headers")?.contains("If-Match") == true)
            #expect(preflight.header("Access-Control-Allow-Headers")?.contains("If-None-Match") == true)

            let simple = try client.send("GET", "/x", headers: ["Origin": "http://localhost:3000"])
            #expect(simple.header("Access-Control-Allow-Origin") == "http://localhost:3000")
            #expect(simple.header("Access-Control-Expose-Headers")?.contains("ETag") == true)

            let stranger = try client.send("GET", "/x", headers: ["Origin": "http://evil.example"])
            #expect(stranger.header("Access-Control-Allow-Origin") == nil)
            let strangerPreflight = try client.send("OPTIONS", "/x", headers: [
                "Origin": "http://evil.example", "Access-Control-Request-Method": "POST",
            ])
            #expect(strangerPreflight.header("Access-Control-Allow-Origin") == nil)
        }
    }

    @Test func shutdown_letsInFlightRequestsFinish_thenRefusesConnections() throws {
        let started = DispatchSemaphore(value: 0)
        let server = Server(configuration: ServerConfiguration(port: 0)) { request in
            started.signal()
            Thread.sleep(forTimeInterval: 0.4)
            return Response(status: 200, body: Array("slow done".utf8))
        }
        try server.start()
        let client = HTTPClient(port: server.port)
        let reply = Mutex<HTTPClient.Reply?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let result = try? client.send("GET", "/slow")
            reply.withLock { $0 = result }
            finished.signal()
        }
        started.wait()
        #expect(server.requestsInFlight == 1)
        server.shutdown(gracePeriod: .seconds(5))
        finished.wait()
        #expect(reply.withLock { $0?.text } == "slow done")
        #expect(throws: HTTPClient.Failure.self) { try HTTPClient(port: server.port, timeout: 2).send("GET", "/late") }
    }

    @Test func everyRequestContext_isReleased() throws {
        let server = Server(configuration: ServerConfiguration(port: 0), handler: ServerTests.echo)
        try server.start()
        let client = HTTPClient(port: server.port)
        do {
            for index in 0..<50 {
                let post = index.isMultiple(of: 2)
                _ = try client.send(post ? "POST" : "GET", "/n/\(index)", body: post ? Data("x".utf8) : nil)
            }
        }
        server.shutdown(gracePeriod: .seconds(2))
        #expect(server.liveRequestContexts == 0)
    }

    @Test func badAddresses_andBusyPorts_areTypedErrors() throws {
        #expect(throws: HTTPServerError(.invalidAddress, "localhost is not an IP address")) {
            try Server(configuration: ServerConfiguration(host: "localhost", port: 0)) { _ in Response(status: 200) }.start()
        }
        try withServer { server, _ in
            let second = Server(configuration: ServerConfiguration(port: server.port)) { _ in Response(status: 200) }
            #expect(throws: HTTPServerError.self) { try second.start() }
        }
    }
}

/// A route body limit that records what it was asked: 300,000 bytes for `POST /upload`, the default otherwise.
private final class AskedLimits: Sendable {
    let requests = Mutex<[String]>([])

    @Sendable func limit(method: String, path: String) -> Int? {
        requests.withLock { $0.append("\(method) \(path)") }
        return method == "POST" && path == "/upload" ? 300_000 : nil
    }
}
