import Foundation
import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// A batch reaches a session's event streams as its operations one by one, once it is applied.
@Suite(.timeLimit(.minutes(1)))
struct BatchStreamTests {
    @Test func aBatch_isStreamedAsEachOfItsOperations_inOrder() throws {
        let (_, server) = try EventStreamTests.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/b", #"{"storyboard":"demo"}"#).status == 201)
        let stream = try EventStreamTests.open(server.port, "/v1/sessions/b/events/stream")
        // A failing batch publishes nothing.
        let failing = #"{"operations":[{"op":"segue","identifier":"addItem","source":"vc3"},{"op":"segue","identifier":"nope"}]}"#
        #expect(try client.json("POST", "/v1/sessions/b/batch", failing).status == 404)
        let batch = #"{"operations":[{"op":"segue","identifier":"addItem","source":"vc3"},{"op":"unwind","action":"cancelEdit:"}]}"#
        #expect(try client.json("POST", "/v1/sessions/b/batch", batch).status == 200)
        #expect(stream.read(until: #""operation":"unwind""#, timeout: .seconds(5)))
        let lastSeq = try #require(try client.send("GET", "/v1/sessions/b").json["lastEventSeq"]?.intValue)
        #expect(EventStreamTests.ids(stream.text) == Array(56...lastSeq))
        let segue = try #require(stream.text.range(of: #""operation":"segue""#))
        let unwind = try #require(stream.text.range(of: #""operation":"unwind""#))
        #expect(segue.lowerBound < unwind.lowerBound)
    }
}
