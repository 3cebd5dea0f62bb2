import Foundation
import HTTPServer
@testable import SeguedService
import Storyboard
import Testing

/// The memory budget (`--max-memory`): past it, new sessions, uploads and commands that grow a
/// session are refused with 503 `memory-budget-exceeded`, changing nothing; what ends gives its
/// share back; `/metrics` shows the figure.
struct MemoryBudgetTests {
    /// What the demo storyboard and one launched demo session count for, measured on a service
    /// without a budget.
    static func measured() throws -> (storyboards: Int, oneSession: Int) {
        let service = SeguedService()
        let storyboards = service.memory.accounted
        _ = try service.demoSession()
        return (storyboards, service.memory.accounted - storyboards)
    }

    @Test func newSessions_areRefusedAtTheBudget_andEndedOnesGiveTheirShareBack() throws {
        let (storyboards, oneSession) = try Self.measured()
        #expect(storyboards > 0 && oneSession >= Session.baseBytes)
        let service = SeguedService(configuration: ServiceConfiguration(maxMemory: storyboards + oneSession + Session.baseBytes / 2))
        let first = try service.demoSession()
        #expect(service.memory.accounted == storyboards + oneSession)
        try service.handle(.make("PUT", "/v1/sessions/second", json: #"{"storyboard": "demo"}"#)).expectProblem(503, "memory-budget-exceeded")
        #expect(service.sessions.count == 1)
        try service.handle(.make("GET", "/v1/sessions/second")).expectProblem(404, "unknown-session")
        #expect(service.memory.accounted == storyboards + oneSession)
        // Ending the first gives its share back, and a new session fits again.
        #expect(service.handle(.make("DELETE", "/v1/sessions/\(first)")).status == 200)
        #expect(service.memory.accounted == storyboards)
        #expect(service.handle(.make("PUT", "/v1/sessions/second", json: #"{"storyboard": "demo"}"#)).status == 201)
        // Expiry gives it back too.
        #expect(service.sessions.expireIdle(now: .now + .seconds(7200)).map(\.rawValue) == ["second"])
        #expect(service.memory.accounted == storyboards)
    }

    @Test func growthAndUploads_areRefusedAtTheBudget_changingNothing() throws {
        let (storyboards, oneSession) = try Self.measured()
        // Room for the session as launched and less than one more instance.
        let service = SeguedService(configuration: ServiceConfiguration(maxMemory: storyboards + oneSession + Session.instanceBytes / 2))
        let id = try service.demoSession()
        let before = try service.handle(.make("GET", "/v1/sessions/\(id)/stack")).json
        let push = service.handle(.make("POST", "/v1/sessions/\(id)/segues", json: #"{"identifier": "showItem"}"#))
        try push.expectProblem(503, "memory-budget-exceeded")
        #expect(push.header("Retry-After") == "60")
        #expect(try service.handle(.make("GET", "/v1/sessions/\(id)/stack")).json == before)
        // Commands that add nothing still run (the event log is bounded per session): a pop on a
        // stack of one, which UIKit answers with nothing to pop.
        let pop = service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: #"{"type": "pop"}"#))
        #expect(pop.status == 200, "\(pop.text)")
        // An upload that would pass the budget is refused, and nothing is stored.
        let upload = service.handle(.make("POST", "/v1/storyboards", json: SessionIndexTests.tinyStoryboard))
        try upload.expectProblem(503, "memory-budget-exceeded")
        let listed = try service.handle(.make("GET", "/v1/storyboards")).json["storyboards"]?.arrayValue ?? []
        #expect(listed.count == 1)
    }

    @Test func metrics_showTheFigureAndTheBudget() throws {
        let service = SeguedService(configuration: ServiceConfiguration(maxMemory: 64 << 20))
        _ = try service.demoSession()
        let text = service.handle(.make("GET", "/metrics")).text
        #expect(text.contains("memory_accounted_bytes \(service.memory.accounted).0\n"), "\(text)")
        #expect(text.contains("memory_budget_bytes \(64 << 20).0\n"))
    }

    @Test func machineDefault_isHalfTheSmallerOfPhysicalMemoryAndTheCgroupLimit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("segued-memory-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("memory.max")
        try "1073741824\n".write(to: file, atomically: true, encoding: .utf8)
        let physical = Int(clamping: ProcessInfo.processInfo.physicalMemory)
        #expect(MemoryBudget.machineDefault(cgroupLimitPath: file.path) == min(physical, 1 << 30) / 2)
        try "max\n".write(to: file, atomically: true, encoding: .utf8)
        #expect(MemoryBudget.machineDefault(cgroupLimitPath: file.path) == physical / 2)
    }
}
