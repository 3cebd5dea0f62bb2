import Foundation
import HTTPServer
import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// `GET …/events/stream` over real sockets: resumption, the dropped start, the bounds, slow readers,
/// the end of a session and of the server.
@Suite(.timeLimit(.minutes(1)))
struct EventStreamTests {
    static func start(_ service: ServiceConfiguration = ServiceConfiguration(), _ server: ServerConfiguration = ServerConfiguration(port: 0))
        throws -> (SeguedService, Server)
    {
        let seguedService = SeguedService(configuration: service)
        let httpServer = Server(configuration: server, handler: seguedService.handle)
        try httpServer.start()
        return (seguedService, httpServer)
    }

    static let present = #"{"identifier":"addItem","source":"vc3"}"#
    static let cancel = #"{"action":"cancelEdit:"}"#

    /// Opens a stream with `headers` and reads until its `state` message.
    static func open(_ port: Int, _ path: String, headers: String = "") throws -> RawConnection {
        let connection = try RawConnection(port: port)
        try connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\(headers)\r\n")
        #expect(connection.read(until: "event: state\n", timeout: .seconds(5)))
        return connection
    }

    /// A chunked response's body so far: the raw text after the headers, without the chunks' size
    /// lines (a last chunk still arriving is taken as far as it came).
    static func body(_ raw: String) -> String {
        let bytes = Array(raw.utf8)
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
            return (start...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
        }
        let crlf: [UInt8] = [13, 10]
        guard let headersEnd = find(crlf + crlf, from: 0) else { return "" }
        var index = headersEnd + 4
        var body: [UInt8] = []
        while let lineEnd = find(crlf, from: index),
            let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self).prefix { $0 != ";" }, radix: 16), size > 0
        {
            let end = min(lineEnd + 2 + size, bytes.count)
            body += bytes[(lineEnd + 2)..<end]
            index = end + 2
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The `id:` of every callback message received, in order.
    static func ids(_ text: String) -> [Int] {
        text.components(separatedBy: "\n").compactMap { $0.hasPrefix("id: ") ? Int($0.dropFirst(4)) : nil }
    }

    @Test func resumeByLastEventID_losesAndRepeatsNothing() throws {
        let (_, server) = try Self.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/r", #"{"storyboard":"demo"}"#).status == 201)
        // Without a start: only what happens from now (the launch's 55 events are not sent).
        let first = try Self.open(server.port, "/v1/sessions/r/events/stream")
        #expect(Self.ids(first.text) == [])
        #expect(try client.json("POST", "/v1/sessions/r/segues", Self.present).status == 200)
        #expect(first.read(until: "event: operation\n", timeout: .seconds(5)))
        let seen = Self.ids(first.text)
        #expect(seen == Array(56...78))
        #expect(first.text.contains(#""operation":"segue""#))
        // Disconnected while the unwind happens; resumed from the last id seen.
        // Shut down, not closed: the connection's deinit closes the descriptor, and a second close
        // could close another test's descriptor reused meanwhile (once, libmicrohttpd's own: it aborted).
        shutdown(first.socket, Int32(SHUT_RDWR))
        let unwind = try client.json("POST", "/v1/sessions/r/unwind", Self.cancel)
        #expect(unwind.status == 200)
        let resumed = try Self.open(server.port, "/v1/sessions/r/events/stream?after=1", headers: "Last-Event-ID: \(seen.last!)\r\n")
        let lastSeq = try #require(try client.send("GET", "/v1/sessions/r").json["lastEventSeq"]?.intValue)
        #expect(Self.ids(resumed.text) == Array(79...lastSeq))
        #expect(!resumed.text.contains("event: dropped"))
        #expect(resumed.text.contains(#"event: state"# + "\n" + #"data: {"revision":3,"lastSeq":\#(lastSeq),"#))
        // The unwind's operation message too, after its last callback, without the stack it left
        // (gone: `state` brings the current one).
        let missed = "event: callback\nid: \(lastSeq)\n"
        #expect(resumed.text.contains(missed))
        let afterLast = resumed.text.components(separatedBy: missed).last ?? ""
        #expect(afterLast.contains(#"event: operation"# + "\n" + #"data: {"revision":3,"performed":true,"reason":null,"operation":"unwind","#))
        #expect(afterLast.contains(#""firstSeq":79,"lastSeq":\#(lastSeq),"stack":null}"#))
        // Its search, as the log kept it, step by step.
        let search: [String] = [
            #"{"vc":"vc11","method":"allowedChildrenForUnwinding","result":[]}"#,
            #"{"vc":"vc11","method":"canPerformUnwindSegueAction","result":false}"#,
            #"{"vc":"vc10","method":"allowedChildrenForUnwinding","result":[]}"#,
            #"{"vc":"vc10","method":"canPerformUnwindSegueAction","result":false}"#,
            #"{"vc":"vc3","method":"allowedChildrenForUnwinding","result":[]}"#,
            #"{"vc":"vc3","method":"canPerformUnwindSegueAction","result":true}"#,
        ]
        let searchMember = #""search":["# + search.joined(separator: ",") + #"],"firstSeq":79,"#
        #expect(afterLast.contains(searchMember))
        // And live again, continuing the numbering.
        #expect(try client.json("POST", "/v1/sessions/r/segues", Self.present).status == 200)
        #expect(resumed.read(until: #"event: operation"# + "\n" + #"data: {"revision":4,"#, timeout: .seconds(5)))
        let all = Self.ids(resumed.text)
        #expect(all == Array(79...all.last!) && all.last! > lastSeq)
    }

    /// The `data` of every `operation` message, parsed, in order. Read from the body without its
    /// chunk framing: a message can straddle two chunks (libmicrohttpd writes at most what the
    /// connection's pool holds, 8 KiB since issue #52), and a chunk's size line would cut it.
    static func operations(_ text: String) throws -> [JSONValue] {
        try operations(inBody: body(text))
    }

    /// The `operation` messages of a stream's body already taken out of its chunks.
    static func operations(inBody body: String) throws -> [JSONValue] {
        try body.components(separatedBy: "event: operation\ndata: ").dropFirst().map { message in
            try JSONValue.parse(Array(message.prefix { character in character != "\n" }.utf8))
        }
    }

    /// A page opened on a session with history: each earlier operation's message follows its last
    /// callback, as a listener got it live but without the stack (it would split the backlog into
    /// one run per operation; before, it was one run of callbacks).
    @Test func aLateStream_getsEachEarlierOperationAfterItsCallbacks() throws {
        let (_, server) = try Self.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/late", #"{"storyboard":"demo"}"#).status == 201)
        let live = try Self.open(server.port, "/v1/sessions/late/events/stream")
        #expect(try client.json("POST", "/v1/sessions/late/segues", Self.present).status == 200)
        #expect(try client.json("POST", "/v1/sessions/late/unwind", Self.cancel).status == 200)
        #expect(live.read(until: #"event: operation"# + "\n" + #"data: {"revision":3,"#, timeout: .seconds(5)))
        let lastSeq = try #require(try client.send("GET", "/v1/sessions/late").json["lastEventSeq"]?.intValue)

        let late = try Self.open(server.port, "/v1/sessions/late/events/stream?after=0")
        #expect(Self.ids(late.text) == Array(1...lastSeq))
        let replayed = try Self.operations(late.text)
        #expect(replayed.map { $0["operation"] } == ["launch", "segue", "unwind"].map(JSONValue.string))
        #expect(replayed.map { [$0["firstSeq"], $0["lastSeq"]] } == [[1, 55], [56, 78], [79, lastSeq]].map { $0.map { JSONValue?.some(.number(Double($0))) } })
        #expect(replayed.map { $0["stack"] } == [.null, .null, .null])
        #expect(replayed.first?["revision"] == .number(1))
        // The segue and the unwind read as they did live, but for the stack.
        let sentLive = try Self.operations(live.text).map { message -> JSONValue in
            guard case .object(var members) = message else { return message }
            members["stack"] = .null
            return .object(members)
        }
        #expect(Array(replayed.dropFirst()) == sentLive)
        // Each after its last callback, before the next operation's first; `state` last.
        let order = ["id: 55\n", #""operation":"launch""#, "id: 56\n", "id: 78\n", #""operation":"segue""#, "id: 79\n",
                     "id: \(lastSeq)\n", #""operation":"unwind""#, "event: state"].map { late.text.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
        // From the middle of the segue's callbacks: its message (not yet seen) and the unwind's.
        let resumed = try Self.open(server.port, "/v1/sessions/late/events/stream?after=60")
        #expect(try Self.operations(resumed.text).map { $0["operation"] } == ["segue", "unwind"].map(JSONValue.string))
        let caughtUp = try Self.open(server.port, "/v1/sessions/late/events/stream?after=\(lastSeq)")
        #expect(try Self.operations(caughtUp.text).isEmpty)
    }

    /// An operation whose last event the bounded log dropped is not replayed; one partly dropped is.
    @Test func operationsOfDroppedEvents_areNotReplayed() throws {
        let (_, server) = try Self.start(ServiceConfiguration(eventLogCapacity: 30))
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/small", #"{"storyboard":"demo"}"#).status == 201)
        #expect(try client.json("POST", "/v1/sessions/small/segues", Self.present).status == 200)
        #expect(try client.json("POST", "/v1/sessions/small/unwind", Self.cancel).status == 200)
        let lastSeq = try #require(try client.send("GET", "/v1/sessions/small").json["lastEventSeq"]?.intValue)
        let stream = try Self.open(server.port, "/v1/sessions/small/events/stream?after=0")
        #expect(Self.ids(stream.text) == Array((lastSeq - 29)...lastSeq))
        let replayed = try Self.operations(stream.text)
        // The launch (1–55) is gone; the segue (56–78) is partly held when the unwind has fewer than 30 events.
        let expected = lastSeq - 29 <= 78 ? ["segue", "unwind"] : ["unwind"]
        #expect(replayed.map { $0["operation"] } == expected.map(JSONValue.string))
    }

    @Test func startNoLongerInTheLog_isSaidByADroppedMessage() throws {
        let (_, server) = try Self.start(ServiceConfiguration(eventLogCapacity: 10))
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/d", #"{"storyboard":"demo"}"#).status == 201)
        let stream = try Self.open(server.port, "/v1/sessions/d/events/stream?after=0")
        #expect(stream.text.contains(
            "event: dropped\ndata: {\"after\":0,\"firstAvailable\":46,\"detail\":\"events 1–45 are no longer in the bounded log\"}\n\n"))
        #expect(Self.ids(stream.text) == Array(46...55))
        // dropped, then the backlog, then state.
        let order = ["event: dropped", "id: 46", "id: 55", "event: state"].map { stream.text.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
    }

    @Test func subscribers_areBoundedPerSessionAndInTotal() throws {
        let (service, server) = try Self.start(ServiceConfiguration(maxStreams: 3, maxStreamsPerSession: 2))
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        for id in ["a", "b", "c"] { #expect(try client.json("PUT", "/v1/sessions/\(id)", #"{"storyboard":"demo"}"#).status == 201) }
        let a1 = try Self.open(server.port, "/v1/sessions/a/events/stream")
        let a2 = try Self.open(server.port, "/v1/sessions/a/events/stream")
        let perSession = try client.send("GET", "/v1/sessions/a/events/stream")
        #expect(perSession.status == 503)
        #expect(try perSession.json["type"]?.stringValue?.hasSuffix("too-many-streams") == true)
        #expect(try perSession.json["detail"]?.stringValue == "The session has its limit of 2 open event streams; close one first.")
        let b1 = try Self.open(server.port, "/v1/sessions/b/events/stream")
        let total = try client.send("GET", "/v1/sessions/c/events/stream")
        #expect(total.status == 503)
        #expect(try total.json["detail"]?.stringValue == "The server has its limit of 3 open event streams; close one or try again later.")
        #expect(service.openStreams == 3)
        // A stream whose client went frees its place, noticed when messages are sent to it (the
        // first write to a closed socket still succeeds; the next fails).
        shutdown(a1.socket, Int32(SHUT_RDWR))
        let deadline = ContinuousClock.now + .seconds(5)
        while service.openStreams > 2, ContinuousClock.now < deadline {
            _ = try client.json("POST", "/v1/sessions/a/segues", Self.present)
            _ = try client.json("POST", "/v1/sessions/a/unwind", Self.cancel)
            usleep(20_000)
        }
        #expect(service.openStreams == 2)
        let c1 = try Self.open(server.port, "/v1/sessions/c/events/stream")
        #expect(service.openStreams == 3)
        withExtendedLifetime((a2, b1, c1)) {}
    }

    @Test func aReaderThatDoesNotRead_isDropped_andItsBytesStayBounded() throws {
        let queue = 16 << 10
        let (service, server) = try Self.start(
            ServiceConfiguration(maxStreamQueue: queue), ServerConfiguration(port: 0, socketBufferSize: 4096))
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/s", #"{"storyboard":"demo"}"#).status == 201)
        let stalled = try RawConnection(port: server.port, receiveBuffer: 4096)
        try stalled.send("GET /v1/sessions/s/events/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let deadline = ContinuousClock.now + .seconds(5)
        while service.openStreams == 0, ContinuousClock.now < deadline { usleep(10_000) }
        #expect(service.openStreams == 1)
        // Each segue+unwind sends about 12 KB; the client reads nothing.
        var most = 0
        for round in 0..<200 where service.openStreams == 1 {
            #expect(try client.json("POST", "/v1/sessions/s/segues", Self.present).status == 200, "round \(round)")
            #expect(try client.json("POST", "/v1/sessions/s/unwind", Self.cancel).status == 200)
            most = max(most, server.queuedStreamBytes)
        }
        #expect(service.openStreams == 0)
        #expect(most <= queue)
        #expect(server.queuedStreamBytes == 0)
        // The connection is ended: what was sent can be read, then the end of the connection.
        #expect(stalled.readUntilClosed(timeout: .seconds(5)))
        #expect(!stalled.text.contains("event: end"))
    }

    @Test func deletingTheSession_endsItsStreams() throws {
        let (service, server) = try Self.start()
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/e", #"{"storyboard":"demo"}"#).status == 201)
        let stream = try Self.open(server.port, "/v1/sessions/e/events/stream")
        #expect(try client.send("DELETE", "/v1/sessions/e").status == 200)
        #expect(stream.read(until: "event: end\ndata: {\"reason\":\"deleted\"}\n\n", timeout: .seconds(5)))
        #expect(stream.text.contains(#""operation":"end""#))
        // The chunked body ends (keep-alive may leave the connection open).
        #expect(stream.read(until: "\r\n0\r\n\r\n", timeout: .seconds(5)))
        #expect(service.openStreams == 0)
    }

    @Test func expiry_endsItsStreams() throws {
        let (service, server) = try Self.start(ServiceConfiguration(sessionTTL: .milliseconds(50)))
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/x", #"{"storyboard":"demo"}"#).status == 201)
        let stream = try Self.open(server.port, "/v1/sessions/x/events/stream")
        usleep(100_000)
        #expect(service.expireIdleSessions() == ["x"])
        #expect(stream.read(until: "event: end\ndata: {\"reason\":\"expired\"}\n\n", timeout: .seconds(5)))
    }

    @Test func shutdown_endsOpenStreams_withinTheGrace() throws {
        let (service, server) = try Self.start(ServiceConfiguration(), ServerConfiguration(port: 0, socketBufferSize: 4096))
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/q", #"{"storyboard":"demo"}"#).status == 201)
        let readers = try (0..<3).map { _ in try Self.open(server.port, "/v1/sessions/q/events/stream") }
        // One more that never reads, with a full queue: it must not hold the shutdown past its grace.
        let stalled = try RawConnection(port: server.port, receiveBuffer: 4096)
        try stalled.send("GET /v1/sessions/q/events/stream?after=0 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        for _ in 0..<10 {
            _ = try client.json("POST", "/v1/sessions/q/segues", Self.present)
            _ = try client.json("POST", "/v1/sessions/q/unwind", Self.cancel)
        }
        // The stalled stream's request is answered on a server thread of its own: wait for it to be
        // counted rather than race it (under load the check ran first).
        let counted = ContinuousClock.now + .seconds(5)
        while service.openStreams < 4, ContinuousClock.now < counted { usleep(5_000) }
        #expect(service.openStreams == 4)
        let start = ContinuousClock.now
        server.shutdown(gracePeriod: .seconds(2))
        #expect(ContinuousClock.now - start < .milliseconds(2500))
        for reader in readers {
            #expect(reader.read(until: "event: end\ndata: {\"reason\":\"shutdown\"}\n\n", timeout: .seconds(2)))
            #expect(reader.readUntilClosed(timeout: .seconds(2)))
        }
        #expect(service.openStreams == 0)
    }

    @Test func corsPreflight_allowsLastEventID_andTheStreamCarriesCORSHeaders() throws {
        let origin = "http://localhost:3000"
        let (_, server) = try Self.start(ServiceConfiguration(), ServerConfiguration(port: 0, cors: CORSPolicy(allowedOrigins: [origin])))
        defer { server.shutdown(gracePeriod: .seconds(2)) }
        let client = HTTPClient(port: server.port)
        #expect(try client.json("PUT", "/v1/sessions/c", #"{"storyboard":"demo"}"#).status == 201)
        let preflight = try client.send(
            "OPTIONS", "/v1/sessions/c/events/stream",
            headers: ["Origin": origin, "Access-Control-Request-Method": "GET", "Access-Control-Request-Headers": "last-event-id"])
        #expect(preflight.header("Access-Control-Allow-Headers")?.contains("Last-Event-ID") == true)
        let stream = try Self.open(server.port, "/v1/sessions/c/events/stream", headers: "Origin: \(origin)\r\n")
        #expect(stream.text.contains("Access-Control-Allow-Origin: \(origin)\r\n"))
        #expect(stream.text.contains("Content-Type: text/event-stream\r\n"))
    }
}
