import Foundation
import Storyboard
import HTTPServer
@testable import SeguedService
import Testing

/// Issue 53, item 2: a walk is bounded in bytes (`--max-walk-bytes`), past which it stops and its
/// flow says at which revision, while the session goes on; writing a flow reserves its memory in
/// the budget first (503 at once when there is no room) and gives it back.
struct WalkBudgetTests {
    static let blob = String(repeating: "x", count: 500)

    static func push(_ service: SeguedService, _ id: String, _ number: Int) -> Response {
        service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem", "data": {"itemID": \#(number), "note": "\#(blob)"}}"#))
    }

    static func pop(_ service: SeguedService, _ id: String) -> Response {
        service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "pop"}"#))
    }

    static func flow(_ service: SeguedService, _ id: String) -> Response {
        service.handle(.make("GET", "/v1/sessions/\(id)/flow"))
    }

    @Test func aWalkPastItsBytes_stops_andItsFlowSaysAtWhichRevision_whileTheSessionGoesOn() throws {
        let service = SeguedService(configuration: ServiceConfiguration(maxWalkBytes: 4000))
        let id = try service.demoSession()
        var stoppedAt: String?
        for number in 1...20 {
            let pushed = Self.push(service, id, number)
            #expect(pushed.status == 200, "\(pushed.text)")
            #expect(Self.pop(service, id).status == 200)
            if Self.flow(service, id).status != 200 {
                stoppedAt = pushed.header("ETag")?.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                break
            }
        }
        let revision = try #require(stoppedAt)
        let refused = Self.flow(service, id)
        try refused.expectProblem(409, "flow-unavailable")
        #expect(try refused.json["detail"]?.stringValue == "Session \"\(id)\" has no flow: its walk passed 4000 bytes of commands and data (--max-walk-bytes) at revision \(revision), beyond which it is not kept.")
        // The walk holds nothing more, and the session goes on.
        let held = try #require(service.sessions[SessionID(rawValue: id)]).read { $0.walk.bytes }
        #expect(held == 0)
        #expect(Self.push(service, id, 99).status == 200)
    }

    @Test func aFlow_reservesItsMemoryFirst_andGivesItBack() throws {
        let service = SeguedService(configuration: ServiceConfiguration(maxMemory: 64 << 20))
        let id = try service.demoSession()
        for number in 1...40 {
            #expect(Self.push(service, id, number).status == 200)
            #expect(Self.pop(service, id).status == 200)
        }
        let walkBytes = try #require(service.sessions[SessionID(rawValue: id)]).read { $0.walk.bytes }
        let needed = SeguedService.flowBytesPerWalkByte * walkBytes
        let before = service.memory.accounted
        // Others hold all but half of what writing this flow needs.
        let others = service.memory.limit - before - needed / 2
        #expect(service.memory.reserve(others))
        let refused = Self.flow(service, id)
        try refused.expectProblem(503, "memory-budget-exceeded")
        #expect(service.memory.accounted == before + others)
        service.memory.adjust(by: -others)
        let written = Self.flow(service, id)
        #expect(written.status == 200, "\(written.text)")
        #expect(service.memory.accounted == before)
    }

    /// A walk over 256 KiB has its flow written on the flows' thread: the request's answer is held
    /// back (no server thread waits) and then is the same flow a small walk's request gets inline.
    @Test func aLargeWalksFlow_isWrittenOffTheRequestThread() throws {
        let service = SeguedService()
        let id = try service.demoSession()
        let note = String(repeating: "y", count: 20_000)
        for number in 1...15 {
            #expect(service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem", "data": {"itemID": \#(number), "note": "\#(note)"}}"#)).status == 200)
            #expect(Self.pop(service, id).status == 200)
        }
        let held = Self.flow(service, id)
        let gate = try #require(held.gate)
        let deadline = ContinuousClock.now + .seconds(60)
        while !gate.outcome.opened, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.005) }
        let answer = try #require(gate.outcome.replacement)
        #expect(answer.status == 200 && answer.header("Content-Type") == "text/plain; charset=utf-8")
        #expect(answer.text.hasPrefix("# Session \(id) of segued") && answer.text.contains("segue showItem"))
        #expect(answer.text.components(separatedBy: "\n  visible: ").count - 1 == 31)
        // A small walk's flow is answered on the request's thread.
        let small = try service.demoSession()
        #expect(Self.push(service, small, 1).status == 200)
        #expect(Self.flow(service, small).gate == nil && Self.flow(service, small).status == 200)
    }
}
