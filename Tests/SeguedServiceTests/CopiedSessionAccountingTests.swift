import Foundation
import HTTPServer
@testable import SeguedService
import Storyboard
import Testing

/// Sessions made by a fork or a restored snapshot enter the store's indexes (paging, per-storyboard
/// counts, expiry) and the memory budget as launched ones do, and a batch's growth is counted:
/// these paths came from another branch than the indexes and the budget.
struct CopiedSessionAccountingTests {
    @Test func forksAndRestores_areIndexedAndCounted_andGiveTheirShareBack() throws {
        let service = SeguedService()
        let id = try service.demoSession()
        let demo = service.demoStoryboardID
        let oneSession = service.memory.accounted
        #expect(service.handle(.make("PUT", "/v1/sessions/fork", json: #"{"from": "\#(id)"}"#)).status == 201)
        let snapshot = service.handle(.make("GET", "/v1/sessions/\(id)/snapshot")).text
        #expect(service.handle(.make("PUT", "/v1/sessions/restored", json: #"{"snapshot": \#(snapshot)}"#)).status == 201)
        #expect(service.sessions.count(usingStoryboard: demo) == 3)
        let page = try service.handle(.make("GET", "/v1/sessions")).json
        let ids = (page["sessions"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(ids == [id, "fork", "restored"].sorted())
        // Both copies count: the fork at least the launched session's share (its log is a copy).
        #expect(service.memory.accounted > oneSession + 2 * Session.baseBytes)
        #expect(service.handle(.make("DELETE", "/v1/sessions/fork")).status == 200)
        #expect(service.sessions.count(usingStoryboard: demo) == 2)
        // Expiry finds the restored session through the last-use index.
        let expired = service.sessions.expireIdle(now: .now + .seconds(7200)).map(\.rawValue).sorted()
        #expect(expired == [id, "restored"].sorted())
        #expect(service.sessions.count(usingStoryboard: demo) == 0)
        #expect(service.memory.accounted < oneSession)
    }

    @Test func aForkPastTheBudget_isRefused_changingNothing() throws {
        let (storyboards, oneSession) = try MemoryBudgetTests.measured()
        let service = SeguedService(configuration: ServiceConfiguration(maxMemory: storyboards + oneSession + Session.baseBytes / 2))
        let id = try service.demoSession()
        try service.handle(.make("PUT", "/v1/sessions/fork", json: #"{"from": "\#(id)"}"#)).expectProblem(503, "memory-budget-exceeded")
        #expect(service.sessions.count == 1)
        #expect(service.memory.accounted == storyboards + oneSession)
    }

    @Test func aBatch_isCountedInTheBudget() throws {
        let service = SeguedService()
        let id = try service.demoSession()
        let before = service.memory.accounted
        let response = service.handle(.make("POST", "/v1/sessions/\(id)/batch", json: #"""
            {"operations": [{"op": "segue", "identifier": "showItem"}]}
            """#))
        #expect(response.status == 200, "\(response.text)")
        #expect(service.memory.accounted >= before + Session.instanceBytes)
    }
}
