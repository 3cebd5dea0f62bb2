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
    }
}
