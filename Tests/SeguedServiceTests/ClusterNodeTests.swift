import HTTPServer
@testable import SeguedService
import SeguedTestSupport
import Storyboard
import Testing

/// A daemon started with `--node-id` (deploy/cluster): the ids it mints name it, so that the front
/// can route each session's requests to it, and every answer says which node gave it.
struct ClusterNodeTests {
    private static func service(node: String?) -> SeguedService {
        var configuration = ServiceConfiguration()
        configuration.nodeID = node
        return SeguedService(configuration: configuration)
    }

    private static func isHex16(_ text: Substring) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    @Test func aNode_mintsIdsStartingWithItsName_andNamesItselfInEveryAnswer() throws {
        let service = Self.service(node: "n2")
        let ids = try (0..<20).map { _ in try service.demoSession() }
        for id in ids {
            #expect(id.hasPrefix("n2-") && Self.isHex16(id.dropFirst(3)), "\(id)")
            let stack = service.handle(.make("GET", "/v1/sessions/\(id)/stack"))
            #expect(stack.status == 200)
            #expect(stack.header("Segued-Node") == "n2")
        }
        #expect(Set(ids).count == 20)
        let missing = service.handle(.make("GET", "/v1/sessions/n2-0000000000000000"))
        try missing.expectProblem(404, "unknown-session")
        #expect(missing.header("Segued-Node") == "n2")
        #expect(service.handle(.make("GET", "/healthz")).header("Segued-Node") == "n2")
    }

    @Test func aClientsId_staysAsChosen_onANode() throws {
        let service = Self.service(node: "n1")
        let response = service.handle(.make("PUT", "/v1/sessions/checkout", json: #"{"storyboard": "demo"}"#))
        #expect(response.status == 201)
        #expect(try response.json["id"]?.stringValue == "checkout")
        let fork = service.handle(.make("POST", "/v1/sessions", json: #"{"from": "checkout"}"#))
        #expect(fork.status == 201)
        let forkID = try #require(fork.json["id"]?.stringValue)
        #expect(forkID.hasPrefix("n1-") && Self.isHex16(forkID.dropFirst(3)), "\(forkID)")
    }

    @Test func withoutANodeName_idsAre16HexDigits_andNoAnswerNamesANode() throws {
        let service = Self.service(node: nil)
        let id = try service.demoSession()
        #expect(Self.isHex16(Substring(id)), "\(id)")
        #expect(service.handle(.make("GET", "/v1/sessions/\(id)")).header("Segued-Node") == nil)
    }

    @Test(arguments: ["n1", "n64", "eu_west.3", "N", String(repeating: "a", count: 16)])
    func nodeNames_withoutADash_areValid(_ name: String) {
        #expect(NodeID.isValid(name))
        // And the ids they mint are valid session ids.
        #expect(SessionID(validating: SessionID.random(node: name).rawValue) != nil)
    }

    @Test(arguments: ["", "n-1", "n/1", "né", "a b", String(repeating: "a", count: 17)])
    func otherNodeNames_areNot(_ name: String) {
        #expect(!NodeID.isValid(name))
    }
}
