import Foundation
import HTTPServer
import SeguedService
import Storyboard
import Testing

/// The service against `Fixtures/action-bodies.json`, the cases `.ci/check-action-schema` checks
/// openapi.yaml's `Action` schema against: what the contract calls valid the service does not
/// refuse as malformed, and what it calls invalid the service refuses with 422. So a client
/// generated from the contract sends only what the service takes.
struct ActionSchemaTests {
    struct Case: CustomTestStringConvertible {
        let valid: Bool
        let body: String
        var testDescription: String { "\(valid ? "valid" : "invalid") \(body)" }
    }

    static let cases: [Case] = {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/action-bodies.json")
        guard let data = try? Data(contentsOf: file),
            let document = try? JSONDecoder().decode(JSONValue.self, from: data),
            let cases = document["cases"]?.arrayValue
        else { return [] }
        return cases.compactMap { entry in
            guard let valid = entry["valid"]?.boolValue, let body = entry["body"] else { return nil }
            return Case(valid: valid, body: body.compactDescription)
        }
    }()

    @Test func fixtureHasBothKindsOfCase() {
        #expect(Self.cases.count == 84)
        #expect(Self.cases.contains { $0.valid } && Self.cases.contains { !$0.valid })
    }

    @Test(arguments: cases)
    func serviceAgreesWithTheContract(_ testCase: Case) throws {
        let service = SeguedService()
        let id = try service.demoSession()
        let response = service.handle(.make("POST", "/v1/sessions/\(id)/actions", json: testCase.body))
        if testCase.valid {
            // 200, or 404/409 for what the demo session's state does not have or allow.
            #expect([200, 404, 409].contains(response.status), "\(response.text)")
        } else {
            #expect(response.status == 422, "\(response.text)")
            #expect(response.header("Content-Type") == "application/problem+json")
        }
    }
}
