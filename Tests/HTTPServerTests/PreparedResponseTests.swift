import Foundation
import SeguedTestSupport
import Testing

@testable import HTTPServer

/// A prepared response is handed to libmicrohttpd once and queued for every request that gets it.
struct PreparedResponseTests {
    private static let shared = Response(
        status: 201, headers: [("Content-Type", "application/json"), ("ETag", "\"7\""), ("X-Bad", "a\r\nInjected: 1")],
        body: Array(#"{"revision":7}"#.utf8)
    ).preparedForReuse()

    @Test func preparedResponses_areSentAlike_toEveryRequest() throws {
        #expect(Self.shared.prepared != nil)
        let configuration = ServerConfiguration(port: 0, cors: CORSPolicy(allowedOrigins: ["http://localhost:3000"]))
        let server = Server(configuration: configuration) { _ in PreparedResponseTests.shared }
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        for _ in 0..<3 {
            let reply = try client.send("GET", "/stack")
            #expect(reply.status == 201)
            #expect(reply.text == #"{"revision":7}"#)
            #expect(reply.header("ETag") == "\"7\"")
            #expect(reply.header("Content-Type") == "application/json")
            #expect(reply.header("X-Bad") == nil && reply.header("Injected") == nil)
            #expect(reply.header("Access-Control-Allow-Origin") == nil)
        }
        // CORS headers change the response for this request only: it is sent the ordinary way.
        let cors = try client.send("GET", "/stack", headers: ["Origin": "http://localhost:3000"])
        #expect(cors.text == #"{"revision":7}"#)
        #expect(cors.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(try client.send("GET", "/stack").header("Access-Control-Allow-Origin") == nil)
    }

    @Test func anyChange_dropsThePreparedForm() {
        var status = Self.shared
        status.status = 200
        var header = Self.shared
        header.setHeader("Vary", "Origin")
        var body = Self.shared
        body.body = []
        #expect(status.prepared == nil && header.prepared == nil && body.prepared == nil)
        #expect(Self.shared.prepared != nil)
        // A field of the request's own keeps it; one replacing a field of the response drops it.
        var requestField = Self.shared
        requestField.setRequestHeader("X-Request-ID", "r1")
        var replacing = Self.shared
        replacing.setRequestHeader("ETag", "\"8\"")
        #expect(requestField.prepared != nil && requestField.header("X-Request-ID") == "r1")
        #expect(replacing.prepared == nil && replacing.header("ETag") == "\"8\"" && replacing.headers.count == 2)
    }

    @Test func requestFields_areSentWithThePreparedBody_toTheirRequestOnly() throws {
        let server = Server(configuration: ServerConfiguration(port: 0)) { request in
            var response = PreparedResponseTests.shared
            if let id = request.header("x-request-id") { response.setRequestHeader("X-Request-ID", id) }
            return response
        }
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        for id in ["a", "b", "a"] {
            let reply = try client.send("GET", "/stack", headers: ["X-Request-ID": id])
            #expect(reply.status == 201 && reply.text == #"{"revision":7}"#)
            #expect(reply.header("X-Request-ID") == id && reply.header("ETag") == "\"7\"")
            #expect(reply.header("Cache-Control") == "no-store" && reply.header("X-Content-Type-Options") == "nosniff")
        }
        let plain = try client.send("GET", "/stack")
        #expect(plain.header("X-Request-ID") == nil && plain.text == #"{"revision":7}"#)
        #expect(server.preparedResponsesSent == 4)
        // The shared prepared response outlives the per-request ones made from its bytes.
        #expect(PreparedResponseTests.shared.prepared != nil)
    }
}
