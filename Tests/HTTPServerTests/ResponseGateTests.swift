import Foundation
import SeguedTestSupport
import Synchronization
import Testing

@testable import HTTPServer

/// ``ResponseGate`` over libmicrohttpd: a held-back response waits without a server thread, and goes
/// out (or its replacement does) once the gate opens.
@Suite(.timeLimit(.minutes(1)))
struct ResponseGateTests {
    final class Gates: Sendable {
        let made = Mutex<[ResponseGate]>([])

        var handler: @Sendable (Request) -> Response {
            { request in
                guard request.path == "/held" else { return Response(status: 200, body: Array("free".utf8)) }
                let gate = ResponseGate()
                self.made.withLock { $0.append(gate) }
                var response = Response(status: 200, headers: [("Content-Type", "text/plain")], body: Array("stored".utf8))
                response.gate = gate
                return response
            }
        }

        func waitFor(_ count: Int) -> [ResponseGate] {
            let deadline = ContinuousClock.now + .seconds(5)
            while made.withLock({ $0.count }) < count, ContinuousClock.now < deadline { usleep(5_000) }
            return made.withLock { $0 }
        }
    }

    /// With one server thread, five held responses leave it free; each goes out when its gate opens,
    /// one with the replacement its gate opened with.
    @Test func heldResponses_holdNoServerThread_andGoOutWhenTheirGateOpens() throws {
        let gates = Gates()
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 1), handler: gates.handler)
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let waiting = try (0..<5).map { _ in
            let connection = try RawConnection(port: server.port)
            try connection.send("GET /held HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            return connection
        }
        let made = gates.waitFor(5)
        #expect(made.count == 5)
        #expect(try HTTPClient(port: server.port, timeout: 3).send("GET", "/free").text == "free")
        for connection in waiting { #expect(!connection.read(until: "stored", timeout: .milliseconds(100))) }
        made[0].open(replacing: Response(status: 507, body: Array("full".utf8)))
        for gate in made.dropFirst() { gate.open() }
        var bodies: [String] = []
        for connection in waiting {
            #expect(connection.read(until: "\r\n\r\n", timeout: .seconds(3)))
            _ = connection.read(until: connection.text.contains("507") ? "full" : "stored", timeout: .seconds(3))
            bodies.append(connection.text.hasPrefix("HTTP/1.1 507") ? "507 full" : connection.text.hasPrefix("HTTP/1.1 200") ? "200 stored" : connection.text)
        }
        #expect(bodies.sorted() == ["200 stored", "200 stored", "200 stored", "200 stored", "507 full"])
    }

    /// A gate that opened before the server saw the response sends it at once.
    @Test func aGateOpenedBeforehand_sendsAtOnce() throws {
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 1)) { _ in
            let gate = ResponseGate()
            gate.open()
            var response = Response(status: 201, body: Array("done".utf8))
            response.gate = gate
            return response
        }
        try server.start()
        defer { server.shutdown(gracePeriod: .seconds(1)) }
        let answer = try HTTPClient(port: server.port, timeout: 3).send("POST", "/x")
        #expect(answer.status == 201 && answer.text == "done")
    }

    /// A gate still closed when the server stops: the response goes out as a 503 once half the
    /// grace left after the drain has passed, and the daemon stops. libmicrohttpd aborts the
    /// process when it stops with a connection suspended (CI's crash suite, SIGTERM under load).
    @Test func aGateStillClosedAtTheStop_goesOutAs503_andTheServerStops() throws {
        let gates = Gates()
        let server = Server(configuration: ServerConfiguration(port: 0, threads: 1), handler: gates.handler)
        try server.start()
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /held HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 0\r\n\r\n")
        #expect(gates.waitFor(1).count == 1)
        let started = ContinuousClock.now
        server.shutdown(gracePeriod: .seconds(1))
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(connection.readUntilClosed(timeout: .seconds(3)))
        #expect(connection.text.hasPrefix("HTTP/1.1 503 "))
        #expect(connection.text.contains("\"type\":\"urn:segued:problem:stopped-before-release\""))
    }

    /// Once stopping, nothing is suspended: a held response that comes after the drain waits for its
    /// gate on its own thread (the registry says so and never runs `suspend`), and what was held is
    /// released by the deadline even when its gate never opens.
    @Test func heldConnections_suspendNothingOnceStopping_andReleaseWhatWasHeld() {
        let held = HeldConnections()
        let early = ResponseGate(), late = ResponseGate()
        var suspended = 0
        guard case .suspended = held.hold(1, until: early, suspend: { suspended += 1 }) else {
            Issue.record("not suspended before the stop")
            return
        }
        #expect(held.count == 1)
        let deadline = ContinuousClock.now + .milliseconds(50)
        held.stop(releasingBy: deadline)
        #expect(early.outcome.opened && early.outcome.replacement?.status == 503)
        guard case .stopping(let releaseBy) = held.hold(2, until: late, suspend: { suspended += 1 }) else {
            Issue.record("suspended while stopping")
            return
        }
        #expect(releaseBy == deadline && suspended == 1)
        late.open()
        late.open(replacing: Response(status: 500))
        #expect(late.outcome.opened && late.outcome.replacement == nil)
    }
}
